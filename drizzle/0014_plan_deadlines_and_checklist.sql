CREATE TABLE "checklist_ticks" (
	"application_id" text NOT NULL,
	"item_key" text NOT NULL,
	"ticked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_ticks_application_id_item_key_pk" PRIMARY KEY("application_id","item_key")
);
--> statement-breakpoint
CREATE TABLE "deadline_reminders_sent" (
	"user_id" text NOT NULL,
	"university_id" text NOT NULL,
	"deadline" date NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadline_reminders_sent_user_id_university_id_deadline_days_before_pk" PRIMARY KEY("user_id","university_id","deadline","days_before")
);
--> statement-breakpoint
CREATE TABLE "plan_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"deadline_reminders" boolean DEFAULT true NOT NULL,
	"calendar_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_settings_calendar_token_unique" UNIQUE("calendar_token")
);
--> statement-breakpoint
ALTER TABLE "checklist_ticks" ADD CONSTRAINT "checklist_ticks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders_sent" ADD CONSTRAINT "deadline_reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadline_reminders_sent" ADD CONSTRAINT "deadline_reminders_sent_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_settings" ADD CONSTRAINT "plan_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;