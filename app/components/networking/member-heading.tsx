import { Avatar } from "../ui/avatar";

/** A member card's top: their round photo beside their name and one line about them. */
export function MemberHeading({
  photoUrl,
  name,
  detail,
  size = "md",
}: {
  /** None for a consultant without a picture yet: the initials are shown. */
  photoUrl?: string;
  name: string;
  detail: string;
  size?: "md" | "lg";
}) {
  const pixels = size === "lg" ? 64 : 48;
  return (
    <div className={`flex items-center ${size === "lg" ? "gap-4" : "gap-3"}`}>
      {photoUrl ? (
        <img
          src={photoUrl}
          alt=""
          width={pixels}
          height={pixels}
          loading="lazy"
          decoding="async"
          className={`${size === "lg" ? "size-16" : "size-12"} shrink-0 rounded-full bg-slate-100 object-cover`}
        />
      ) : (
        <Avatar name={name} size={size} />
      )}
      <div className="min-w-0">
        <h2 className={`${size === "lg" ? "text-lg" : ""} font-semibold break-words text-slate-900`}>{name}</h2>
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{detail}</p>
      </div>
    </div>
  );
}
