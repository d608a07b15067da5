import { expect, test } from "vitest";
import { z } from "zod";
import { AppError, CORRECT_THE_MARKED_FIELDS, errorResponse, rateLimited, replyWithError } from "./errors";

test("each code answers its status; a rate limit says when to come back, in whole seconds", async () => {
  expect(new AppError("NOT_FOUND", "x").status).toBe(404);
  expect(new AppError("FORBIDDEN", "x").status).toBe(403);
  expect(new AppError("CONFLICT", "x").status).toBe(409);
  expect(new AppError("INVALID", "x").status).toBe(400);
  const limited = rateLimited(150.2);
  expect(limited.status).toBe(429);
  expect(limited.message).toBe("Too many attempts. Please wait 3 minutes and try again.");
  const response = errorResponse(limited);
  expect(response.status).toBe(429);
  expect(response.headers.get("Retry-After")).toBe("151");
  expect(await response.text()).toBe(limited.message);
  expect(rateLimited(0.2).message).toBe("Too many attempts. Please wait 1 second and try again.");
  expect(rateLimited(90 * 60).message).toBe("Too many attempts. Please wait 90 minutes and try again.");
  expect(rateLimited(23.5 * 60 * 60).message).toBe("Too many attempts. Please wait 24 hours and try again.");
});

test("anything that is not an AppError is rethrown, so faults stay faults", () => {
  const fault = new Error("database down");
  expect(() => replyWithError(fault)).toThrow(fault);
  expect(() => errorResponse(fault)).toThrow(fault);
});

test("a form's refusal carries the error's field problems", () => {
  const error = new AppError("INVALID", "Please correct the marked fields", { fieldErrors: { email: "Enter a valid e-mail address" } });
  const reply = replyWithError(error, (refusal) => ({ formError: refusal.message, errors: refusal.fieldErrors }));
  expect(reply).toBeTruthy();
  expect(errorResponse(error).status).toBe(400);
  expect(errorResponse(error).headers.get("Retry-After")).toBeNull();
});

test("a schema's refusal puts each field's first problem beside it, and only the named fields' when told", () => {
  const schema = z.object({ name: z.string().min(1, "Enter a name"), email: z.email("Enter a valid e-mail address"), age: z.number() });
  const parsed = schema.safeParse({ name: "", email: "nope", age: "x", extra: 1 });
  if (parsed.success) throw new Error("the input should be refused");
  const refusal = AppError.fromZod(parsed.error);
  expect(refusal).toMatchObject({ code: "INVALID", status: 400, message: CORRECT_THE_MARKED_FIELDS });
  expect(refusal.fieldErrors).toEqual({ name: "Enter a name", email: "Enter a valid e-mail address", age: expect.any(String) });
  const named = AppError.fromZod(parsed.error, { message: "All fields are required", fields: ["name"] });
  expect(named.message).toBe("All fields are required");
  expect(named.fieldErrors).toEqual({ name: "Enter a name" });
  const twice = z.object({ code: z.string().min(6, "Too short").regex(/^\d+$/, "Digits only") }).safeParse({ code: "ab" });
  expect(twice.success ? null : AppError.fromZod(twice.error).fieldErrors).toEqual({ code: "Too short" });
});
