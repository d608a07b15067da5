import { useId } from "react";
import { commonTimeZones } from "~/lib/time-zones";
import { Field, type FieldMeta } from "./field";

/**
 * A time zone typed as its IANA name ("Asia/Dhaka", "Europe/Helsinki"), with the zones our people
 * use most as suggestions (a datalist): any zone is accepted, and the server checks it.
 */
export function TimeZoneField({
  label = "Time zone",
  field,
  hint,
  className,
}: {
  label?: string;
  field: FieldMeta;
  hint?: string;
  className?: string;
}) {
  const listId = useId();
  return (
    <>
      <Field
        label={label}
        field={field}
        className={className}
        list={listId}
        required
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        maxLength={64}
        hint={hint ?? "An IANA zone, for example Asia/Dhaka or Europe/London"}
      />
      <datalist id={listId}>
        {commonTimeZones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
