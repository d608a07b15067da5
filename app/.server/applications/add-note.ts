import { and, eq, ne } from "drizzle-orm";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { applicationEvents, applications } from "../db/schema";
import { AppError } from "../errors";
import { applicationsChanged } from "./application-reads";
import { APPLICATION_NOT_FOUND } from "./schema";

/** A staff note in the timeline without a status change (no e-mail: nothing changed for the student). */
export async function addApplicationNote(input: { id: string; note: string; actor: SessionUser }): Promise<void> {
  await db().transaction(async (tx) => {
    const [application] = await tx
      .select({ id: applications.id, status: applications.status })
      .from(applications)
      .where(and(eq(applications.id, input.id), ne(applications.status, "draft")))
      .for("update");
    if (!application) throw new AppError("NOT_FOUND", APPLICATION_NOT_FOUND);
    await tx.insert(applicationEvents).values({
      applicationId: application.id,
      actorId: input.actor.id,
      actorName: input.actor.name,
      fromStatus: application.status,
      toStatus: application.status,
      note: input.note.trim(),
    });
  });
  await applicationsChanged();
}
