import { expect, test } from "vitest";
import { context, createUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { AppError } from "../errors";
import { signIn } from "./accounts";

withTestDatabase();

/**
 * better-auth refuses passwords over 128 characters with PASSWORD_TOO_LONG; the form's schema
 * says so first, and signIn maps it too, so a caller that skips the form gets a 400, not a 500.
 */
test.each([129, 1_024])("signing in with a %i-character password is a plain refusal on the password field", async (length) => {
  const user = await createUser();
  const refusal = await signIn({ email: user.email, password: "p".repeat(length), ip: context().clientIp, headers: new Headers() }).catch(
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(AppError);
  expect(refusal).toMatchObject({ code: "INVALID", status: 400, message: "Use at most 128 characters" });
  expect((refusal as AppError).fieldErrors).toEqual({ password: "Use at most 128 characters" });
});
