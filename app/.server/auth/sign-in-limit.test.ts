import { expect, test } from "vitest";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { failuresAllowedAfterASuccess, parallelWrongSignIns } from "../../../tests/support/sign-in-limit";

withTestDatabase();

test("60 parallel wrong passwords for one account: exactly 10 reach the password check, the rest are refused (memory store)", async () => {
  const result = await parallelWrongSignIns(60);
  expect(result.passwordChecked).toBe(10);
  expect(result.audited).toBe(10);
  expect(result.succeeded).toBe(0);
  expect(result.refusedMessages).toHaveLength(50);
  for (const message of result.refusedMessages)
    expect(message).toMatch(/^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/);
});

test("a successful sign-in gives its count back: after 9 failures and a success, one more failure is allowed", async () => {
  const { allowed, refusal } = await failuresAllowedAfterASuccess();
  expect(allowed).toBe(1);
  expect(refusal).toMatch(/^Too many attempts/);
});
