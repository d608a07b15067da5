import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { db } from "../db";
import { AppError } from "../errors";
import { applicationsChanged } from "./application-reads";
import { lockApplication, recordCaseEvent } from "./case-events";

/** A staff note in the timeline without a status change (no e-mail: nothing changed for the student). A withdrawn application is read-only. */
export async function addApplicationNote(input: { id: string; note: string; actor: SessionUser }): Promise<void> {
  await db().transaction(async (tx) => {
    const application = await lockApplication(tx, input.id, { as: "staff" });
    if (application.status === "withdrawn") throw new AppError("CONFLICT", m.server_withdrawn_read_only());
    await recordCaseEvent(tx, { application, actor: input.actor, kind: "note", note: input.note });
  });
  await applicationsChanged();
}
