import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import { requiredMessage, requiredSettingKeys } from "~/lib/schemas/settings";
import { m } from "~/paraglide/messages";
import type { SessionUser } from "../auth/session";
import { notifyContentChanged } from "../content-changes";
import { type Database, db } from "../db";
import { siteSetting } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "../users/audit";
import { loadSettingValues, readSettingValues, type SiteSettingKey } from "./site-settings";

/** New values for some settings; "" clears an optional one. Keys not given are left alone. */
export type SiteSettingChanges = Partial<Record<SiteSettingKey, string>>;

/**
 * Saves what a manager or admin changed on /dashboard/settings: one audit event per changed
 * key (from, to), all in one transaction; then every page shows the new values (the held
 * settings and the anonymous page cache are emptied). Answers the keys that changed.
 *
 * Given `tx`, the writes join that transaction (first-run set-up saves the settings with the
 * admin who makes them), and the caller calls `siteSettingsChanged()` once it has committed.
 */
export async function updateSiteSettings(
  input: { actor: Pick<SessionUser, "id" | "role">; changes: SiteSettingChanges },
  tx?: Database,
): Promise<SiteSettingKey[]> {
  const { actor, changes } = input;
  if (!hasRole(actor.role, pageRoles.siteSettings)) {
    await recordAuditEvent({ action: "access.refused", actorId: actor.id, detail: { what: "site settings" } }, tx);
    throw new AppError("FORBIDDEN", m.server_settings_managers_only());
  }
  const emptied = requiredSettingKeys.filter((key) => key in changes && !changes[key]);
  if (emptied.length > 0) {
    throw new AppError("INVALID", m.server_fill_in_marked_fields(), {
      fieldErrors: Object.fromEntries(emptied.map((key) => [key, requiredMessage(key)])),
    });
  }
  // Inside the caller's transaction, read through it (an embedded database answers one connection at a time).
  const before = tx ? await loadSettingValues(tx) : await readSettingValues();
  const changed = (Object.keys(changes) as SiteSettingKey[]).filter((key) => (before[key] ?? "") !== (changes[key] ?? ""));
  if (changed.length === 0) return [];
  const write = async (database: Database) => {
    for (const key of changed) {
      const value = changes[key] ?? "";
      await database
        .insert(siteSetting)
        .values({ key, value })
        .onConflictDoUpdate({ target: siteSetting.key, set: { value, updatedAt: new Date() } });
      await recordAuditEvent(
        { action: "settings.changed", actorId: actor.id, detail: { key, from: before[key] ?? null, to: value || null } },
        database,
      );
    }
  };
  if (tx) {
    await write(tx);
    return changed;
  }
  await db().transaction(write);
  siteSettingsChanged();
  return changed;
}

/** After settings were written: every page shows the new values (held settings and the anonymous page cache emptied). */
export function siteSettingsChanged() {
  notifyContentChanged();
}
