import { hash, verify } from "@node-rs/argon2";

// OWASP's minimum for Argon2id: 19 MiB of memory, 2 iterations, 1 degree of parallelism.
// (algorithm 2 is Argon2id; the package exports it only as an ambient const enum.)
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
