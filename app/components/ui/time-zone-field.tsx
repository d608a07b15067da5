import { useId } from "react";
import { commonTimeZones } from "~/lib/time-zones";
import { m } from "~/paraglide/messages";
import { Field, type FieldMeta } from "./field";

/**
 * A time zone typed as its IANA name ("Asia/Dhaka", "Europe/Helsinki"), with the zones our people
 * use most as suggestions (a datalist): any zone is accepted, and the server checks it.
 */
export function TimeZoneField({ label, field, hint, className }: { label?: string; field: FieldMeta; hint?: string; className?: string }) {
  const listId = useId();
  return (
    <>
      <Field
        label={label ?? m.forms_time_zone_label()}
        field={field}
        className={className}
        list={listId}
        required
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        maxLength={64}
        hint={hint ?? m.forms_time_zone_hint()}
      />
      <datalist id={listId}>
        {commonTimeZones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </>
  );
}
