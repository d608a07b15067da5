CREATE TABLE "academic_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"ssc_gpa" real,
	"hsc_gpa" real,
	"bachelor_cgpa" real,
	"ielts_overall" real,
	"english_test" text,
	"english_score" real,
	"level" text,
	"subject" text,
	"preferred_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"yearly_budget_bdt" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "yearly_fees_amount" integer;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "yearly_fees_currency" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "yearly_fees_year" integer;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "yearly_fees_source" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "yearly_fees_label" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "other_tests" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "other_tests_source" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "intakes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "intakes_year" integer;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "intakes_source" text;--> statement-breakpoint
ALTER TABLE "universities" ADD COLUMN "scholarship_list" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "academic_profiles" ADD CONSTRAINT "academic_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;