import { MapPin as CountryIcon, Briefcase as ProfessionIcon, GraduationCap as UniversityIcon } from "lucide";
import { Icon } from "../ui/icons";

export type ConsultantCardData = {
  id: string;
  name: string;
  university: string;
  country: string;
  profession: string;
  description: string;
  photoUrl: string;
};

/** A consultant as students see them: picture, name, university, profession, country, description. */
export function ConsultantDetails({ consultant, headingLevel = 2 }: { consultant: ConsultantCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="min-w-0">
      <div className="flex items-center gap-4">
        <img
          src={consultant.photoUrl}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="size-16 shrink-0 rounded-full bg-slate-100 object-cover"
        />
        <Heading className="text-lg font-semibold break-words text-slate-900">{consultant.name}</Heading>
      </div>
      <ul className="mt-4 grid gap-1 text-sm text-slate-700">
        <li className="flex gap-2">
          <Icon icon={UniversityIcon} className="size-4 shrink-0 text-brand-700" />
          <span className="min-w-0 break-words">{consultant.university}</span>
        </li>
        <li className="flex gap-2">
          <Icon icon={ProfessionIcon} className="size-4 shrink-0 text-brand-700" />
          <span className="min-w-0 break-words">{consultant.profession}</span>
        </li>
        <li className="flex gap-2">
          <Icon icon={CountryIcon} className="size-4 shrink-0 text-brand-700" />
          <span className="min-w-0 break-words">{consultant.country}</span>
        </li>
      </ul>
      <p className="mt-3 text-sm text-slate-700 [overflow-wrap:anywhere]">{consultant.description}</p>
    </div>
  );
}
