import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Settings staff can change at run time (contact details, links). Defaults live in
 * code; a row here overrides one key.
 */
export const siteSetting = pgTable("site_setting", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<string>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
