import { expect, test } from "vitest";
import { CONTROL_CHARACTERS_REMOVED, ONE_LINE_ONLY } from "../form-text";
import { signInSchema } from "./auth";
import { ContactFormSchema } from "./contact";
import { parseForm } from "./parse-form";

/** A refused submission's messages by field (none for an accepted one). */
const errorsOf = (submission: ReturnType<typeof parseForm>) => (submission.status === "error" ? submission.error : undefined);

const contact = (fields: Record<string, string>) =>
  new URLSearchParams({ name: "Nusrat Jahan", phone: "+880 1712 345678", email: "nusrat@example.com", message: "Hello", ...fields });

test("a NUL pasted into a one-line field is refused with its message, and the form shows the text without it", () => {
  const submission = parseForm(contact({ name: "Nusrat\u0000 Jahan" }), ContactFormSchema);
  expect(submission.status).toBe("error");
  expect(errorsOf(submission)).toEqual({ name: [CONTROL_CHARACTERS_REMOVED] });
  expect(submission.payload.name).toBe("Nusrat Jahan");
});

test("every other control character is refused too (C0, DEL, C1), each field by name", () => {
  const submission = parseForm(
    contact({ phone: "+880\u0001 1712 345678", email: "nusrat@example.com\u007f", message: "Hi\u0085 there" }),
    ContactFormSchema,
  );
  expect(errorsOf(submission)).toEqual({
    phone: [CONTROL_CHARACTERS_REMOVED],
    email: [CONTROL_CHARACTERS_REMOVED],
    message: [CONTROL_CHARACTERS_REMOVED],
  });
});

test("a multi-line field keeps its line breaks and tabs; a one-line field is refused with the break made a space", () => {
  const accepted = parseForm(contact({ message: "Dear Onward,\r\n\tI would like to study in Finland.\n" }), ContactFormSchema);
  expect(accepted.status).toBe("success");
  expect(accepted.status === "success" && accepted.value.message).toBe("Dear Onward,\r\n\tI would like to study in Finland.");

  const refused = parseForm(contact({ name: "Nusrat\r\nJahan" }), ContactFormSchema);
  expect(errorsOf(refused)).toEqual({ name: [ONE_LINE_ONLY] });
  expect(refused.payload.name).toBe("Nusrat Jahan");
});

test("Bangla's joiners and direction marks are text, and kept exactly", () => {
  const name = "র‍্যাব হো\u200cসেন \u200f";
  const submission = parseForm(contact({ name }), ContactFormSchema);
  expect(submission.status).toBe("success");
  expect(submission.status === "success" && submission.value.name).toBe(name.trim());
});

test("a password is never altered, whatever it holds", () => {
  const password = "tab\tand\u0000nul";
  const submission = parseForm(new URLSearchParams({ email: "nusrat@example.com", password }), signInSchema);
  expect(submission.status).toBe("success");
  expect(submission.status === "success" && submission.value.password).toBe(password);
});

test("a field the server's reader already cleaned is refused by name, and the schema's messages for the others stay", () => {
  const submission = parseForm(contact({ email: "not an e-mail" }), ContactFormSchema, new Set(["name"]));
  expect(errorsOf(submission)?.name).toEqual([CONTROL_CHARACTERS_REMOVED]);
  expect(errorsOf(submission)?.email?.[0]).toMatch(/valid e-mail/);
});

test("a field named after an object's built-ins (constructor, __proto__, valueOf, prototype…), at any depth, is dropped: never a fault, never a value", () => {
  for (const name of [
    "constructor",
    "__proto__",
    "prototype",
    "valueOf",
    "toString",
    "hasOwnProperty",
    "social.constructor",
    "a[__proto__]",
    "constructor.prototype.role",
  ]) {
    const submission = parseForm(contact({ [name]: "x" }), ContactFormSchema);
    expect(submission.status, name).toBe("success");
    expect(Object.hasOwn(submission.payload, name.split(/[.[]/)[0] ?? name), name).toBe(false);
  }
  const refused = parseForm(contact({ constructor: "x", email: "not an e-mail" }), ContactFormSchema);
  expect(Object.keys(errorsOf(refused) ?? {})).toEqual(["email"]);
});
