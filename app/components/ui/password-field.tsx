import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/form-limits";
import { Field, type FieldMeta } from "./field";

/**
 * A password with the policy's bounds, for the browser's password manager: `current` to sign in
 * or to confirm who you are, `new` to choose one (at least PASSWORD_MIN_LENGTH characters).
 */
export function PasswordField({
  label,
  field,
  purpose,
  hint,
}: {
  label: string;
  field: FieldMeta;
  purpose: "current" | "new";
  hint?: string;
}) {
  return (
    <Field
      label={label}
      field={field}
      type="password"
      autoComplete={`${purpose}-password`}
      required
      minLength={purpose === "new" ? PASSWORD_MIN_LENGTH : undefined}
      maxLength={PASSWORD_MAX_LENGTH}
      hint={hint}
    />
  );
}
