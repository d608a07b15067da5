import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { m } from "~/paraglide/messages";
import { type Database, db } from "../db";
import { consultants } from "../db/schema";
import { AppError } from "../errors";

/** A consultant as staff see it (the add, edit and list pages). */
export type Consultant = typeof consultants.$inferSelect;

/** Where a consultant's re-encoded picture is stored: a fresh key for every upload. */
export function consultantPhotoKey(consultantId: string): string {
  return `consultant-photos/${consultantId}/${randomBytes(8).toString("hex")}.webp`;
}

/** The address a stored picture is served at (routes/api/consultant-photo.ts); none for a profile without a picture yet. */
export function consultantPhotoUrl(key: string): string | undefined {
  return key ? `/${key}` : undefined;
}

export async function findConsultant(id: string, database: Database = db()): Promise<Consultant> {
  const [consultant] = await database.select().from(consultants).where(eq(consultants.id, id));
  if (!consultant) throw new AppError("NOT_FOUND", m.server_consultant_not_found());
  return consultant;
}

/** The consultant profile of an account, or null when it has none. */
export async function findConsultantOfUser(userId: string, database: Database = db()): Promise<Consultant | null> {
  const [consultant] = await database.select().from(consultants).where(eq(consultants.userId, userId));
  return consultant ?? null;
}

/** Refuses an e-mail another consultant already has. */
export async function assertConsultantEmailFree(email: string, database: Database = db()) {
  const [other] = await database.select({ id: consultants.id }).from(consultants).where(sql`lower(${consultants.email}) = lower(${email})`);
  if (other) throw duplicate();
}

function duplicate() {
  const refusal = m.server_duplicate_consultant();
  return new AppError("CONFLICT", refusal, { fieldErrors: { email: refusal } });
}

/** PostgreSQL's error code behind a failed query (drizzle wraps the driver's error as its cause). */
export function pgErrorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | null)?.code;
  if (typeof direct === "string") return direct;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === "string" ? cause : undefined;
}

/** Two managers adding the same consultant at once: the unique indexes refuse the second, the same CONFLICT as the check. */
export function asDuplicateConsultant(error: unknown): unknown {
  return pgErrorCode(error) === "23505" ? duplicate() : error;
}
