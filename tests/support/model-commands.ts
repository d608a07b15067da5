import type fc from "fast-check";
import { expect } from "vitest";
import { AppError, type AppErrorCode } from "~/.server/errors";

// For the model-based tests (app/.server/*/*.model.test.ts): a command the model says is refused must
// throw exactly that AppError, an allowed one must succeed, and the model is compared with the
// database after every command.

/** Runs `work`: its value, or the AppError it threw (anything else is a fault and is thrown on). */
export async function attempt<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; code: AppErrorCode; message: string }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/** Runs `work`, which the model says is refused with `expected` (nothing changes) or allowed (null). */
export async function expectOutcome<T>(expected: AppErrorCode | null, work: () => Promise<T>): Promise<T | undefined> {
  const outcome = await attempt(work);
  expect(outcome.ok ? null : outcome.code, outcome.ok ? "it succeeded" : outcome.message).toBe(expected);
  return outcome.ok ? outcome.value : undefined;
}

/** Wraps each command so that the model is compared with the database after it runs. */
export function comparedAfterEach<Model extends object, Real>(compare: (model: Model) => Promise<void>) {
  return (command: fc.AsyncCommand<Model, Real>): fc.AsyncCommand<Model, Real> => ({
    check: (model) => command.check(model),
    async run(model, real) {
      await command.run(model, real);
      await compare(model);
    },
    toString: () => command.toString(),
  });
}
