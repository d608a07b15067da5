-- pg_trgm: typo-tolerant search (PostgreSQL ships it in contrib; PGlite loads it as an extension: app/.server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."member_status" AS ENUM('Active', 'Inactive');--> statement-breakpoint
CREATE TABLE "networking_members" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company" text NOT NULL,
	"address" text NOT NULL,
	"location" text NOT NULL,
	"category" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"profession" text NOT NULL,
	"photo" text NOT NULL,
	"linkedin" text,
	"twitter" text,
	"booking_url" text,
	"status" "member_status" DEFAULT 'Active' NOT NULL,
	"user_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "networking_members" ADD CONSTRAINT "networking_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_members" ADD CONSTRAINT "networking_members_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "networking_members_email_idx" ON "networking_members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "networking_members_directory_idx" ON "networking_members" USING btree ("status","location","category");--> statement-breakpoint
CREATE INDEX "networking_members_created_idx" ON "networking_members" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "networking_members_search_idx" ON "networking_members" USING gin ("name" gin_trgm_ops,"profession" gin_trgm_ops,"company" gin_trgm_ops);