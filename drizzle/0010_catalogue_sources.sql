ALTER TABLE "universities" ADD COLUMN "tuition_source" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "ielts_year" integer;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "ielts_source" text;