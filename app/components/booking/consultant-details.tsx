import { MapPin as CountryIcon, Briefcase as ProfessionIcon, GraduationCap as UniversityIcon } from "lucide";
import type { ConsultantProfile } from "~/lib/booking";
import { countryName } from "~/lib/country-names";
import { Avatar } from "../ui/avatar";
import { Icon } from "../ui/icons";

export type ConsultantCardData = ConsultantProfile & {
  /** None for a profile without a picture yet: the initials are shown. */
  photoUrl?: string;
};

/** A consultant as students see them: picture, name, university, profession, country, description. */
export function ConsultantDetails({ consultant, headingLevel = 2 }: { consultant: ConsultantCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // A profile made by create-user may not have these yet: a line is shown only when it says something.
  const details = [
    { icon: UniversityIcon, text: consultant.university },
    { icon: ProfessionIcon, text: consultant.profession },
    { icon: CountryIcon, text: countryName(consultant.country) },
  ].filter((detail) => detail.text !== "");
  return (
    <div className="min-w-0">
      <div className="flex items-center gap-4">
        {consultant.photoUrl ? (
          <img
            src={consultant.photoUrl}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
            className="size-16 shrink-0 rounded-full bg-slate-100 object-cover"
          />
        ) : (
          <Avatar name={consultant.name} size="lg" />
        )}
        <Heading className="text-lg font-semibold break-words text-slate-900">{consultant.name}</Heading>
      </div>
      {details.length > 0 ? (
        <ul className="mt-4 grid gap-1 text-sm text-slate-700">
          {details.map(({ icon, text }) => (
            <li key={text} className="flex gap-2">
              <Icon icon={icon} className="size-4 shrink-0 text-brand-700" />
              <span className="min-w-0 break-words">{text}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {consultant.description ? <p className="mt-3 text-sm text-slate-700 [overflow-wrap:anywhere]">{consultant.description}</p> : null}
    </div>
  );
}
