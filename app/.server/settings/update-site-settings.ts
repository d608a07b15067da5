import { pageRoles } from "~/lib/dashboard-menu";
import { hasRole } from "~/lib/roles";
import { requiredMessages, requiredSettingKeys } from "~/lib/schemas/settings";
import type { SessionUser } from "../auth/session";
import { notifyContentChanged } from "../content-changes";
import { db } from "../db";
import { siteSetting } from "../db/schema";
import { AppError } from "../errors";
import { recordAuditEvent } from "../users/audit";
import { forgetSiteSettings, readSettingValues, type SiteSettingKey } from "./site-settings";

/** New values for some settings; "" clears an optional one. Keys not given are left alone. */
export type SiteSettingChanges = Partial<Record<SiteSettingKey, string>>;

/**
 * Saves what a manager or admin changed on /dashboard/settings: one audit event per changed
 * key (from, to), all in one transaction; then every page shows the new values (the held
 * settings and the anonymous page cache are emptied). Answers the keys that changed.
 */
export async function updateSiteSettings(input: { actor: SessionUser; changes: SiteSettingChanges }): Promise<SiteSettingKey[]> {
  const { actor, changes } = input;
  if (!hasRole(actor.role, pageRoles.siteSettings)) {
    await recordAuditEvent({ action: "access.refused", actorId: actor.id, detail: { what: "site settings" } });
    throw new AppError("FORBIDDEN", "Only managers and admins can change the site settings.");
  }
  const emptied = requiredSettingKeys.filter((key) => key in changes && !changes[key]);
  if (emptied.length > 0) {
    throw new AppError("INVALID", "Fill in the fields marked below.", {
      fieldErrors: Object.fromEntries(emptied.map((key) => [key, requiredMessages[key]])),
    });
  }
  const before = await readSettingValues();
  const changed = (Object.keys(changes) as SiteSettingKey[]).filter((key) => (before[key] ?? "") !== (changes[key] ?? ""));
  if (changed.length === 0) return [];
  await db().transaction(async (tx) => {
    for (const key of changed) {
      const value = changes[key] ?? "";
      await tx
        .insert(siteSetting)
        .values({ key, value })
        .onConflictDoUpdate({ target: siteSetting.key, set: { value, updatedAt: new Date() } });
      await recordAuditEvent(
        { action: "settings.changed", actorId: actor.id, detail: { key, from: before[key] ?? null, to: value || null } },
        tx,
      );
    }
  });
  forgetSiteSettings();
  notifyContentChanged();
  return changed;
}
