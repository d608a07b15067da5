-- Hand-written (drizzle-kit cannot express these); kept apart from the generated 0007 so that
-- one can be regenerated without losing them.
-- btree_gist lets a GiST index compare consultant_id (text) with = beside the time range.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- Two live slots of one consultant never overlap, whoever inserts them and however fast.
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_no_overlap"
	EXCLUDE USING gist ("consultant_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
	WHERE ("deleted_at" IS NULL);
