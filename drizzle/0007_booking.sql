CREATE TYPE "public"."booking_status" AS ENUM('pending', 'accepted', 'rejected', 'completed', 'cancelled');--> statement-breakpoint
CREATE TABLE "appointment_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"consultant_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_slots_ends_after_start" CHECK ("appointment_slots"."ends_at" > "appointment_slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"slot_id" text NOT NULL,
	"consultant_id" text NOT NULL,
	"student_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"status" "booking_status" DEFAULT 'pending' NOT NULL,
	"calendar_sequence" integer DEFAULT 0 NOT NULL,
	"accepted_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultants" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"university" text NOT NULL,
	"country" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"profession" text NOT NULL,
	"description" text NOT NULL,
	"photo" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "calendar" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'Asia/Dhaka' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultants" ADD CONSTRAINT "consultants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultants" ADD CONSTRAINT "consultants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_slots_consultant_idx" ON "appointment_slots" USING btree ("consultant_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_live_per_slot_idx" ON "bookings" USING btree ("slot_id") WHERE status in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("slot_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_consultant_idx" ON "bookings" USING btree ("consultant_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_student_idx" ON "bookings" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_reminder_idx" ON "bookings" USING btree ("status","reminder_sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultants_user_idx" ON "consultants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consultants_email_idx" ON "consultants" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "consultants_bookable_idx" ON "consultants" USING btree ("active","country","name");