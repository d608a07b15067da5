CREATE TYPE "public"."university_type" AS ENUM('Public', 'Private');--> statement-breakpoint
CREATE TABLE "universities" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"type" "university_type" NOT NULL,
	"logo" text,
	"website" text,
	"about" text DEFAULT '' NOT NULL,
	"facilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"courses_offered" integer,
	"exams_accepted" text DEFAULT '' NOT NULL,
	"tuition_amount" integer,
	"tuition_currency" text,
	"tuition_year" integer,
	"scholarships" integer,
	"minimum_ielts" real,
	"world_ranking" integer,
	"ranking_source" text,
	"ranking_year" integer,
	"english_taught_courses" integer,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "universities" ADD CONSTRAINT "universities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "universities" ADD CONSTRAINT "universities_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "universities_slug_idx" ON "universities" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "universities_country_name_idx" ON "universities" USING btree ("country",lower("name"));--> statement-breakpoint
CREATE INDEX "universities_filter_idx" ON "universities" USING btree ("country","type");--> statement-breakpoint
CREATE INDEX "universities_ranking_idx" ON "universities" USING btree ("world_ranking");--> statement-breakpoint
CREATE INDEX "universities_name_idx" ON "universities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "universities_ielts_idx" ON "universities" USING btree ("minimum_ielts");--> statement-breakpoint
CREATE INDEX "universities_tuition_idx" ON "universities" USING btree ("tuition_currency","tuition_amount");--> statement-breakpoint
CREATE INDEX "universities_name_trgm_idx" ON "universities" USING gin ("name" gin_trgm_ops);