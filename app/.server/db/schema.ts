import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { applicationEventKinds, applicationStatuses, documentStates } from "~/lib/applications";
import { bookingStatuses, liveBookingStatuses } from "~/lib/booking";
import { memberStatuses } from "~/lib/networking";
import { roles } from "~/lib/roles";
import { DEFAULT_TIME_ZONE } from "~/lib/time-zones";
import { type Intake, type NamedScholarship, type OtherTest, universityTypes } from "~/lib/universities";

const tz = { withTimezone: true } as const;

/**
 * A setting's text in a jsonb column (a JSON string). Drizzle's own jsonb parses what the driver
 * has already parsed a second time, so "121.5" came back as the number 121.5 and "true" as true.
 */
const settingText = customType<{ data: string; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => (typeof value === "string" ? value : JSON.stringify(value)),
});

/**
 * Settings staff can change at run time (contact details, links). Defaults live in
 * code; a row here overrides one key.
 */
export const siteSetting = pgTable("site_setting", {
  key: text("key").primaryKey(),
  value: settingText("value").notNull(),
  updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
});

export const roleEnum = pgEnum("role", roles);

// The next five tables are better-auth's (user, session, account, verification, twoFactor):
// the property names are the field names it expects; the SQL names are ours.
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-cased (better-auth normalises it), so the unique index is case-insensitive in effect. */
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: roleEnum("role").notNull().default("student"),
    phone: text("phone"),
    address: text("address"),
    /** The IANA zone times are shown in to this person, on pages and in e-mails. */
    timeZone: text("time_zone").notNull().default(DEFAULT_TIME_ZONE),
    /** The language of this person's e-mails: the last one they chose with the language switch (ADR 037). */
    locale: text("locale", { enum: ["en", "bn"] })
      .notNull()
      .default("en"),
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${table.email})`)],
);

/**
 * A student's academic profile (all optional): grades, English test, what and where they want to
 * study and the family's yearly budget. The finder's fit order and the application form read it.
 */
export const academicProfiles = pgTable("academic_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** SSC and HSC GPA out of 5.00; a bachelor's CGPA out of 4.00 (for master's applicants). */
  sscGpa: real("ssc_gpa"),
  hscGpa: real("hsc_gpa"),
  bachelorCgpa: real("bachelor_cgpa"),
  /** IELTS Academic overall, or another test (`englishTest`) and its score. */
  ieltsOverall: real("ielts_overall"),
  englishTest: text("english_test"),
  englishScore: real("english_score"),
  /** "bachelor" or "masters" (app/lib/academic-profile.ts); which tuition counts for fit. */
  level: text("level"),
  subject: text("subject"),
  preferredCountries: text("preferred_countries").array().notNull().default(sql`'{}'::text[]`),
  /** What the family can spend in the first year, in whole taka. */
  yearlyBudgetBdt: integer("yearly_budget_bdt"),
  updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", tz),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", tz),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", tz),
  },
  (table) => [index("two_factors_secret_idx").on(table.secret), index("two_factors_user_id_idx").on(table.userId)],
);

/**
 * Two-factor codes accepted lately, per person: a code is valid for up to 90 s, and RFC 6238
 * §5.2 says a second use of one that was accepted must be refused (someone who saw it typed).
 * Rows older than a few minutes mean nothing and are removed as new ones come.
 */
export const usedTotpCodes = pgTable(
  "used_totp_codes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    usedAt: timestamp("used_at", tz).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.code] }), index("used_totp_codes_used_at_idx").on(table.usedAt)],
);

/** Who did what to whom: role changes, sign-ins, failed sign-ins, resets, refusals. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", tz).notNull().defaultNow(),
    action: text("action").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    targetId: text("target_id").references(() => users.id, { onDelete: "set null" }),
    /** For events about an e-mail with no account behind it (a failed sign-in, say). */
    email: text("email"),
    ip: text("ip"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
  },
  (table) => [index("audit_events_at_idx").on(table.at), index("audit_events_target_idx").on(table.targetId)],
);

export const mailStatusEnum = pgEnum("mail_status", ["pending", "sent", "failed"]);

/** Every e-mail is written here first (in the transaction that caused it), then sent by the mail worker. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Where a reply goes when it is not to us: the student who wrote to a networking member. */
    replyTo: text("reply_to"),
    /** A calendar invitation or cancellation sent as the message's text/calendar part. */
    calendar: jsonb("calendar").$type<{ method: "REQUEST" | "CANCEL"; content: string }>(),
    status: mailStatusEnum("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", tz).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    sentAt: timestamp("sent_at", tz),
  },
  (table) => [index("mail_outbox_due_idx").on(table.status, table.nextAttemptAt)],
);

export const contactKindEnum = pgEnum("contact_kind", ["contact", "ielts_enrolment"]);

/** Messages from the contact form and IELTS enrolment requests, read by staff in the inbox. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: contactKindEnum("kind").notNull().default("contact"),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    handledAt: timestamp("handled_at", tz),
    handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt)],
);

export const memberStatusEnum = pgEnum("member_status", memberStatuses);

/**
 * People already living in a destination country whom students may contact (the networking
 * directory). E-mail and phone are for staff and for relaying messages: never shown publicly.
 */
export const networkingMembers = pgTable(
  "networking_members",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    company: text("company").notNull(),
    /** The city they live in. */
    address: text("address").notNull(),
    location: text("location").notNull(),
    category: text("category").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    profession: text("profession").notNull(),
    /** Storage key of the re-encoded photo. */
    photo: text("photo").notNull(),
    linkedin: text("linkedin"),
    twitter: text("twitter"),
    bookingUrl: text("booking_url"),
    status: memberStatusEnum("status").notNull().default("Active"),
    /** Whether students may send them messages through Onward (Connect); a member with an account can turn it off. */
    acceptsMessages: boolean("accepts_messages").notNull().default(true),
    /** The account with the member's e-mail, when there is one. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("networking_members_email_idx").on(sql`lower(${table.email})`),
    index("networking_members_directory_idx").on(table.status, table.location, table.category),
    index("networking_members_created_idx").on(table.createdAt),
    // Typo-tolerant search over what a student types: name, profession, company (pg_trgm).
    index("networking_members_search_idx").using(
      "gin",
      table.name.op("gin_trgm_ops"),
      table.profession.op("gin_trgm_ops"),
      table.company.op("gin_trgm_ops"),
    ),
  ],
);

/**
 * Connect: a student's message to a networking member, relayed by e-mail with the student's
 * address as reply-to. Kept to hold the daily limit per student and for staff to look into abuse.
 */
export const memberMessages = pgTable(
  "member_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => networkingMembers.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (table) => [index("member_messages_sender_idx").on(table.senderId, table.createdAt)],
);

export const universityTypeEnum = pgEnum("university_type", universityTypes);

/**
 * The university catalogue: the built-in universities (content/universities.ts, loaded once) and
 * what staff add. Figures nobody can stand behind stay null; tuition and ranking carry their year.
 */
export const universities = pgTable(
  "universities",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    country: text("country").notNull(),
    /** City, and region where it helps ("Belfast, Northern Ireland"). */
    city: text("city").notNull(),
    type: universityTypeEnum("type").notNull(),
    /** Storage key of the uploaded logo; null draws a generated mark. */
    logo: text("logo"),
    website: text("website"),
    about: text("about").notNull().default(""),
    facilities: text("facilities").array().notNull().default(sql`'{}'::text[]`),
    coursesOffered: integer("courses_offered"),
    examsAccepted: text("exams_accepted").notNull().default(""),
    /** First-year tuition: a whole amount in `tuitionCurrency`, indicative for `tuitionYear`. */
    tuitionAmount: integer("tuition_amount"),
    tuitionCurrency: text("tuition_currency"),
    tuitionYear: integer("tuition_year"),
    /** The university's own page the tuition figure was read on. */
    tuitionSource: text("tuition_source"),
    scholarships: integer("scholarships"),
    /** 2.5–9 in steps of 0.5. */
    minimumIelts: real("minimum_ielts"),
    /** The lowest score allowed in any one band, where the university sets one. */
    ieltsBand: real("ielts_band"),
    /** The academic year the IELTS minimum applies to, and the university's page that states it. */
    ieltsYear: integer("ielts_year"),
    ieltsSource: text("ielts_source"),
    /** A taught master's first-year tuition, as the undergraduate one. */
    mastersTuitionAmount: integer("masters_tuition_amount"),
    mastersTuitionCurrency: text("masters_tuition_currency"),
    mastersTuitionYear: integer("masters_tuition_year"),
    mastersTuitionSource: text("masters_tuition_source"),
    /** What an international undergraduate pays to apply (0: the university charges none). */
    applicationFeeAmount: integer("application_fee_amount"),
    applicationFeeCurrency: text("application_fee_currency"),
    applicationFeeYear: integer("application_fee_year"),
    applicationFeeSource: text("application_fee_source"),
    /** Compulsory yearly fees besides tuition (Germany's semester contribution, two semesters), with what they are. */
    yearlyFeesAmount: integer("yearly_fees_amount"),
    yearlyFeesCurrency: text("yearly_fees_currency"),
    yearlyFeesYear: integer("yearly_fees_year"),
    yearlyFeesSource: text("yearly_fees_source"),
    yearlyFeesLabel: text("yearly_fees_label"),
    /** English tests accepted besides IELTS, each with its minimum in words, and the page that lists them. */
    otherTests: jsonb("other_tests").$type<OtherTest[]>().notNull().default([]),
    otherTestsSource: text("other_tests_source"),
    /** The months a bachelor's starts, each with its usual application deadline; for `intakesYear`, from `intakesSource`. */
    intakes: jsonb("intakes").$type<Intake[]>().notNull().default([]),
    intakesYear: integer("intakes_year"),
    intakesSource: text("intakes_source"),
    /** Scholarships open to international students, by name with their usual value (each with its year and page). */
    scholarshipList: jsonb("scholarship_list").$type<NamedScholarship[]>().notNull().default([]),
    /**
     * What fit ranks by, derived from the fees, the country's costs and the taka rates of `fit_stamp`
     * (find-universities.ts keeps them current; a trigger empties the stamp when a fee or the
     * country changes): the known first-year total in taka, and whether tuition and living costs are
     * both in it; for a bachelor's and for a taught master's.
     */
    firstYearBdt: doublePrecision("first_year_bdt"),
    firstYearComplete: boolean("first_year_complete"),
    mastersFirstYearBdt: doublePrecision("masters_first_year_bdt"),
    mastersFirstYearComplete: boolean("masters_first_year_complete"),
    fitStamp: text("fit_stamp"),
    worldRanking: integer("world_ranking"),
    rankingSource: text("ranking_source"),
    rankingYear: integer("ranking_year"),
    englishTaughtCourses: integer("english_taught_courses"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("universities_slug_idx").on(table.slug),
    uniqueIndex("universities_country_name_idx").on(table.country, sql`lower(${table.name})`),
    index("universities_filter_idx").on(table.country, table.type),
    index("universities_ranking_idx").on(table.worldRanking),
    index("universities_name_idx").on(table.name),
    index("universities_ielts_idx").on(table.minimumIelts),
    index("universities_tuition_idx").on(table.tuitionCurrency, table.tuitionAmount),
    // Typo-tolerant name search (pg_trgm, ADR 016).
    index("universities_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
  ],
);

/** A signed-in person's shortlist: the universities they keep to compare and apply to (ADR 020). */
export const shortlistEntries = pgTable(
  "shortlist_entries",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    universityId: text("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.universityId] }),
    index("shortlist_entries_user_idx").on(table.userId, table.createdAt),
  ],
);

/**
 * A person's plan settings: whether deadline reminders are sent (no row: they are), and the
 * private calendar feed's token (`/calendar/{token}.ics`; reset, the old one answers 404).
 */
export const planSettings = pgTable("plan_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  deadlineReminders: boolean("deadline_reminders").notNull().default(true),
  calendarToken: text("calendar_token").unique(),
  updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
});

/**
 * Deadline reminders sent: one row per person, university, deadline and lead time (30 or 7 days),
 * written in the transaction that queues the e-mail, so each is sent at most once on any instance.
 */
export const deadlineRemindersSent = pgTable(
  "deadline_reminders_sent",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    universityId: text("university_id")
      .notNull()
      .references(() => universities.id, { onDelete: "cascade" }),
    deadline: date("deadline", { mode: "string" }).notNull(),
    daysBefore: integer("days_before").notNull(),
    sentAt: timestamp("sent_at", tz).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.universityId, table.deadline, table.daysBefore] })],
);

export const applicationStatusEnum = pgEnum("application_status", applicationStatuses);

/**
 * A student's application to study abroad. A `draft` holds what the student has filled in and
 * uploaded so far (one open draft per person, invisible to staff); submitting makes it `submitted`,
 * and from there it moves as app/lib/application-flow.ts allows. The text columns are empty only
 * on drafts.
 */
export const applications = pgTable(
  "applications",
  {
    id: text("id").primaryKey(),
    applicantId: text("applicant_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: applicationStatusEnum("status").notNull().default("draft"),
    /** The account's e-mail when submitted (the account decides, never the form). */
    email: text("email"),
    countryName: text("country_name"),
    universityName: text("university_name"),
    /** The catalogue entry the university was chosen from, when it was. */
    universityId: text("university_id").references(() => universities.id, { onDelete: "set null" }),
    name: text("name"),
    address: text("address"),
    fatherName: text("father_name"),
    motherName: text("mother_name"),
    sponsorName: text("sponsor_name"),
    submittedAt: timestamp("submitted_at", tz),
    /** The consultant responsible for it (a manager assigns); anyone on the staff may still act on it. */
    assignedTo: text("assigned_to").references(() => users.id, { onDelete: "set null" }),
    assignedAt: timestamp("assigned_at", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (table) => [
    index("applications_assigned_idx").on(table.assignedTo, table.status),
    uniqueIndex("applications_one_draft_idx").on(table.applicantId).where(sql`${table.status} = 'draft'`),
    index("applications_applicant_idx").on(table.applicantId, table.createdAt),
    index("applications_staff_list_idx").on(table.status, table.submittedAt),
    index("applications_country_idx").on(table.countryName, table.submittedAt),
    index("applications_submitted_idx").on(table.submittedAt),
    // Staff search by name or e-mail, parts of words included (pg_trgm, ADR 016).
    index("applications_search_idx").using("gin", table.name.op("gin_trgm_ops"), table.email.op("gin_trgm_ops")),
  ],
);

export const documentStateEnum = pgEnum("document_state", documentStates);

/** One stored document of an application (one per document field): where it is, what it is, and what staff made of it. */
export const applicationDocuments = pgTable(
  "application_documents",
  {
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** The form field: passportSizePicture, birthCertificate, … (app/lib/applications.ts). */
    field: text("field").notNull(),
    /** Storage key, made by the server (applications/{id}/{random}.{ext}). */
    storageKey: text("storage_key").notNull(),
    /** The name the student's file had, cleaned for display; never used as a path. */
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    uploadedAt: timestamp("uploaded_at", tz).notNull().defaultNow(),
    /** Received (not yet reviewed, or a new copy), accepted, or needs a new copy (with the reason the student reads). */
    state: documentStateEnum("state").notNull().default("received"),
    reason: text("reason"),
    /** Who last reviewed it: the person a replacement is reported to when nobody is assigned. */
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", tz),
  },
  (table) => [
    primaryKey({ columns: [table.applicationId, table.field] }),
    uniqueIndex("application_documents_key_idx").on(table.storageKey),
  ],
);

/**
 * Copies a student replaced after staff asked for a new one: kept for staff (the document's
 * history), never shown to anyone else. The sweeper keeps every file a row here points at.
 */
export const applicationDocumentVersions = pgTable(
  "application_document_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    uploadedAt: timestamp("uploaded_at", tz).notNull(),
    /** Why staff asked for a new copy of it. */
    reason: text("reason"),
    replacedAt: timestamp("replaced_at", tz).notNull().defaultNow(),
  },
  (table) => [
    index("application_document_versions_idx").on(table.applicationId, table.field, table.replacedAt),
    uniqueIndex("application_document_versions_key_idx").on(table.storageKey),
  ],
);

/** The document checklist's items a student ticked by hand (items an uploaded document satisfies tick themselves). */
export const checklistTicks = pgTable(
  "checklist_ticks",
  {
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** The item's key (app/lib/checklist.ts): its kind and a hash of its text. */
    itemKey: text("item_key").notNull(),
    tickedAt: timestamp("ticked_at", tz).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.itemKey] })],
);

/**
 * An application's timeline: its submission, every status change and note, and every review,
 * replacement, assignment, withdrawal and reopening, with who and when (`kind` says which; `field`
 * names the document of a review or replacement).
 */
export const applicationEvents = pgTable(
  "application_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's name at the time (kept when the account goes). */
    actorName: text("actor_name").notNull(),
    fromStatus: applicationStatusEnum("from_status"),
    toStatus: applicationStatusEnum("to_status").notNull(),
    kind: text("kind", { enum: applicationEventKinds }).notNull().default("status"),
    field: text("field"),
    note: text("note"),
    at: timestamp("at", tz).notNull().defaultNow(),
  },
  (table) => [index("application_events_application_idx").on(table.applicationId, table.at)],
);

/** The thread on an application between its student and the staff, oldest first. */
export const applicationMessages = pgTable(
  "application_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's name at the time (kept when the account goes). */
    authorName: text("author_name").notNull(),
    /** Written by staff (true) or by the student (false): whose side it is on, and whom it notifies. */
    fromStaff: boolean("from_staff").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (table) => [index("application_messages_application_idx").on(table.applicationId, table.id)],
);

/** How far each person has read each application's thread: the unread counts in the dashboard menu. */
export const applicationMessageReads = pgTable(
  "application_message_reads",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    lastReadId: bigint("last_read_id", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.applicationId] })],
);

/**
 * Consultants students book: a public profile (name, university, country, profession, picture)
 * tied to the account they sign in with. A deactivated consultant is no longer bookable; their
 * bookings stay.
 */
export const consultants = pgTable(
  "consultants",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    university: text("university").notNull(),
    country: text("country").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    profession: text("profession").notNull(),
    description: text("description").notNull(),
    /** Storage key of the re-encoded picture. */
    photo: text("photo").notNull(),
    active: boolean("active").notNull().default(true),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("consultants_user_idx").on(table.userId),
    uniqueIndex("consultants_email_idx").on(sql`lower(${table.email})`),
    index("consultants_bookable_idx").on(table.active, table.country, table.name),
  ],
);

/**
 * A consultant's bookable time. Stored as instants (UTC); `timeZone` is the zone it was entered
 * in, kept only to show it the way the consultant typed it. Two live slots of one consultant
 * never overlap: an exclusion constraint on tstzrange(starts_at, ends_at) (migration
 * the hand-written booking_constraints migration). A deleted slot is kept (its bookings point at it) but frees its time.
 */
export const appointmentSlots = pgTable(
  "appointment_slots",
  {
    id: text("id").primaryKey(),
    consultantId: text("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", tz).notNull(),
    endsAt: timestamp("ends_at", tz).notNull(),
    timeZone: text("time_zone").notNull(),
    deletedAt: timestamp("deleted_at", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
  },
  (table) => [
    index("appointment_slots_consultant_idx").on(table.consultantId, table.startsAt),
    check("appointment_slots_ends_after_start", sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

export const bookingStatusEnum = pgEnum("booking_status", bookingStatuses);

/**
 * A student's booking of a slot, with the contact details they gave. At most one live
 * (pending or accepted) booking per slot: a partial unique index, so two students racing for
 * one slot cannot both win.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: text("id").primaryKey(),
    slotId: text("slot_id")
      .notNull()
      .references(() => appointmentSlots.id, { onDelete: "cascade" }),
    consultantId: text("consultant_id")
      .notNull()
      .references(() => consultants.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    status: bookingStatusEnum("status").notNull().default("pending"),
    /** The calendar invitation's SEQUENCE: raised whenever an update or cancellation is sent. */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** When the booking was last accepted (the reminder is skipped for an acceptance within its last day). */
    acceptedAt: timestamp("accepted_at", tz),
    reminderSentAt: timestamp("reminder_sent_at", tz),
    createdAt: timestamp("created_at", tz).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", tz).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("bookings_one_live_per_slot_idx")
      .on(table.slotId)
      .where(sql.raw(`status in (${liveBookingStatuses.map((status) => `'${status}'`).join(", ")})`)),
    index("bookings_slot_idx").on(table.slotId, table.createdAt),
    index("bookings_consultant_idx").on(table.consultantId, table.createdAt),
    index("bookings_student_idx").on(table.studentId, table.createdAt),
    index("bookings_reminder_idx").on(table.status, table.reminderSentAt),
  ],
);
