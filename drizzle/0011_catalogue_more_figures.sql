ALTER TABLE "universities" ADD COLUMN "ielts_band" real;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "masters_tuition_amount" integer;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "masters_tuition_currency" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "masters_tuition_year" integer;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "masters_tuition_source" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "application_fee_amount" integer;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "application_fee_currency" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "application_fee_year" integer;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "application_fee_source" text;