// Seeds what `npm run bench:render` measures, in one process before the server owns the database:
// the accounts it signs in as and a directory of networking members (BENCH_MEMBERS, default 60,
// spread over every location and job category, so a directory page is a full page of 12), and a
// shortlist of 12 universities for each student account; 24 consultants over the booking page's
// countries (the `consultant` account among them) with 20 future slots each, and bookings of the
// first 12 of that consultant's slots by the student accounts (a full page of booking cards).
// Usage: ONWARD_SEED_ACCOUNTS='[{"email":…,"password":…,"name":…,"role":…}]' tsx scripts/lib/bench-seed.ts

import { eq } from "drizzle-orm";
import { getConfig } from "~/.server/config";
import { openDatabase } from "~/.server/db/client";
import { db, setDatabase } from "~/.server/db/index";
import {
  applicationDocuments,
  applicationDocumentVersions,
  applicationEvents,
  applicationMessages,
  applications,
  appointmentSlots,
  bookings,
  consultants,
  networkingMembers,
  shortlistEntries,
  universities,
  users,
} from "~/.server/db/schema";
import { prepareDatabase } from "~/.server/prepare-database";
import { provisionAccount } from "~/.server/users/provision-account";
import { documentFields } from "~/lib/applications";
import { consultantCountries } from "~/lib/booking";
import { defaultJobCategories, defaultMemberLocations } from "~/lib/networking";
import type { Role } from "~/lib/roles";

const accounts = JSON.parse(process.env.ONWARD_SEED_ACCOUNTS ?? "[]") as { email: string; password: string; name: string; role: Role }[];
const memberCount = Number(process.env.BENCH_MEMBERS ?? 60);
const applicationCount = Number(process.env.BENCH_SEEDED_APPLICATIONS ?? 60);
const firstNames = ["Ayesha", "Tanvir", "Nusrat", "Imran", "Farhana", "Rafiq", "Sadia", "Mahmud", "Rumana", "Arif"];
const lastNames = ["Rahman", "Hasan", "Akter", "Chowdhury", "Sultana", "Islam", "Kabir", "Hossain"];

const config = getConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(database);
  setDatabase(database);
  for (const account of accounts) await provisionAccount(account);
  const members = Array.from({ length: memberCount }, (_, index) => {
    const name = `${firstNames[index % firstNames.length]} ${lastNames[index % lastNames.length]}`;
    const category = defaultJobCategories[index % defaultJobCategories.length] ?? "Chef";
    return {
      id: `bench-member-${index + 1}`,
      name,
      company: `${["Nordic", "Maple", "Harbour", "Alpine"][index % 4]} ${["Software", "Studio", "Kitchen", "Motors"][index % 4]}`,
      address: ["Helsinki", "Toronto", "Berlin", "Copenhagen", "London", "Dhaka", "Boston"][index % 7] ?? "Helsinki",
      location: defaultMemberLocations[index % defaultMemberLocations.length] ?? "Finland",
      category,
      email: `bench.member${index + 1}@example.com`,
      phone: "+358 40 123 4567",
      profession: category,
      photo: `member-photos/bench-member-${index + 1}/photo.webp`,
      linkedin: "https://www.linkedin.com/in/bench-member",
      twitter: index % 2 ? "https://x.com/bench_member" : null,
      bookingUrl: index % 3 ? null : "https://cal.com/bench-member",
    };
  });
  if (members.length > 0) await db().insert(networkingMembers).values(members).onConflictDoNothing();
  // Each student account shortlists a full page of the catalogue (12), for the shortlist and a finder with hearts.
  const shortlisted = await db().select({ id: universities.id }).from(universities).orderBy(universities.slug).limit(12);
  for (const account of accounts.filter((entry) => entry.role === "student")) {
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (!user) continue;
    await db()
      .insert(shortlistEntries)
      .values(shortlisted.map((university) => ({ userId: user.id, universityId: university.id })))
      .onConflictDoNothing();
  }
  // Submitted applications (BENCH_SEEDED_APPLICATIONS, default 60) with 15 documents and a few timeline
  // events each, spread over the countries and statuses; the first belong to the first student account.
  const [owner] = await db()
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, accounts.find((account) => account.role === "student")?.email ?? ""));
  const [staffer] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, accounts.find((account) => account.role === "consultant")?.email ?? ""));
  if (owner && applicationCount > 0) {
    const countries = ["UK", "USA", "Germany", "Denmark", "Malaysia", "Australia"];
    // The first two (the detail pages measured) wait for a new copy of the bank statement, with its history and a thread.
    const statuses = [
      "documents-requested",
      "documents-requested",
      "processing",
      "submitted",
      "completed",
      "rejected",
      "withdrawn",
    ] as const;
    const rows = Array.from({ length: applicationCount }, (_, index) => ({
      id: `bench-application-${index + 1}`,
      applicantId: owner.id,
      status: statuses[index % statuses.length] ?? "submitted",
      email: index < 3 ? owner.email : `bench.applicant${index + 1}@example.com`,
      countryName: countries[index % countries.length] ?? "UK",
      universityName: `Bench University ${index % 9}`,
      name: `${firstNames[index % firstNames.length]} ${lastNames[index % lastNames.length]}`,
      address: "House 12, Road 5, Dhanmondi, Dhaka",
      fatherName: "Abdul Karim",
      motherName: "Salma Begum",
      sponsorName: "Abdul Karim",
      submittedAt: new Date(Date.now() - index * 3_600_000),
      assignedTo: index % 2 === 0 ? (staffer?.id ?? null) : null,
      // The newest (the first, to the UK, submitted) gives the student's dashboard its document checklist.
      createdAt: new Date(Date.now() - index * 3_600_000),
    }));
    await db().insert(applications).values(rows).onConflictDoNothing();
    await db()
      .insert(applicationDocuments)
      .values(
        rows.flatMap((row) =>
          documentFields.map((field) => ({
            applicationId: row.id,
            field,
            storageKey: `applications/${row.id}/${field}-0000000000000000.pdf`,
            fileName: `${field}.pdf`,
            contentType: "application/pdf",
            size: 250_000,
            sha256: "0".repeat(64),
            ...(row.status === "documents-requested" && field === "bankStatement"
              ? { state: "needs-new-copy" as const, reason: "The statement is blurred: please scan it again, all pages." }
              : field.endsWith("Nid")
                ? { state: "accepted" as const }
                : {}),
          })),
        ),
      )
      .onConflictDoNothing();
    const asked = rows.filter((row) => row.status === "documents-requested").slice(0, 2);
    await db()
      .insert(applicationDocumentVersions)
      .values(
        asked.flatMap((row) =>
          [1, 2].map((version) => ({
            applicationId: row.id,
            field: "bankStatement",
            storageKey: `applications/${row.id}/bankStatement-old-${version}.pdf`,
            fileName: `bank-statement-${version}.pdf`,
            contentType: "application/pdf",
            size: 240_000,
            sha256: "0".repeat(64),
            uploadedAt: new Date(Date.now() - (10 - version) * 86_400_000),
            reason: "Pages missing.",
          })),
        ),
      )
      .onConflictDoNothing();
    await db()
      .insert(applicationMessages)
      .values(
        asked.flatMap((row) =>
          Array.from({ length: 12 }, (_, index) => ({
            applicationId: row.id,
            authorId: index % 2 === 0 ? owner.id : (staffer?.id ?? null),
            authorName: index % 2 === 0 ? row.name : "Bench Consultant",
            fromStaff: index % 2 === 1,
            body: `Message ${index + 1} about the bank statement: see https://example.org/statement-${index} for what the bank needs.`,
          })),
        ),
      );
    await db()
      .insert(applicationEvents)
      .values(
        rows.flatMap((row) => [
          { applicationId: row.id, actorId: owner.id, actorName: row.name, fromStatus: "draft" as const, toStatus: "submitted" as const },
          {
            applicationId: row.id,
            actorName: "Bench Consultant",
            fromStatus: "submitted" as const,
            toStatus: row.status,
            note: "Checked the papers.",
          },
        ]),
      );
  }
  await seedConsultants();
} finally {
  await database.close();
}

async function seedConsultants() {
  const accountIds = new Map<string, { id: string; role: Role }>();
  for (const account of accounts) {
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, account.email));
    if (user) accountIds.set(account.email, { id: user.id, role: account.role });
  }
  const consultantAccount = [...accountIds.values()].find((account) => account.role === "consultant");
  const students = [...accountIds.values()].filter((account) => account.role === "student");
  const people = Array.from({ length: 24 }, (_, index) => ({
    id: `bench-consultant-${index + 1}`,
    name: `${firstNames[index % firstNames.length]} ${lastNames[(index + 3) % lastNames.length]}`,
    country: consultantCountries[index % consultantCountries.length] ?? "UK",
  }));
  for (const [index, person] of people.entries()) {
    let userId = index === 0 ? consultantAccount?.id : undefined;
    if (!userId) {
      userId = `bench-consultant-user-${index + 1}`;
      await db()
        .insert(users)
        .values({
          id: userId,
          name: person.name,
          email: `bench.consultant${index + 1}@example.com`,
          role: "consultant",
          emailVerified: true,
        })
        .onConflictDoNothing();
    }
    await db()
      .insert(consultants)
      .values({
        id: person.id,
        userId,
        name: person.name,
        university:
          ["University of Helsinki", "University of Toronto", "Keio University", "TU Delft"][index % 4] ?? "University of Helsinki",
        country: person.country,
        email: `bench.consultant${index + 1}@example.com`,
        phone: "+880 1711 000000",
        profession: "Admissions adviser",
        description: "Helps students choose a course, prepare their documents and apply for the visa, from the first call to arrival.",
        photo: `consultant-photos/${person.id}/0123456789abcdef.webp`,
      })
      .onConflictDoNothing();
    const hour = 3_600_000;
    const first = Math.ceil(Date.now() / hour) * hour + 48 * hour;
    const slots = Array.from({ length: 20 }, (_, slot) => ({
      id: `${person.id}-slot-${slot + 1}`,
      consultantId: person.id,
      startsAt: new Date(first + slot * 2 * hour),
      endsAt: new Date(first + slot * 2 * hour + 30 * 60_000),
      timeZone: "Asia/Dhaka",
    }));
    await db().insert(appointmentSlots).values(slots).onConflictDoNothing();
    if (index === 0 && students.length > 0) {
      await db()
        .insert(bookings)
        .values(
          slots.slice(0, 12).map((slot, booking) => ({
            id: `bench-booking-${booking + 1}`,
            slotId: slot.id,
            consultantId: person.id,
            studentId: students[booking % students.length]?.id ?? "",
            name: `${firstNames[booking % firstNames.length]} ${lastNames[booking % lastNames.length]}`,
            email: `bench.student${booking + 1}@example.com`,
            phone: "+880 1811 222333",
            address: "House 1, Road 2, Dhanmondi, Dhaka",
            status: booking % 3 === 0 ? ("accepted" as const) : ("pending" as const),
          })),
        )
        .onConflictDoNothing();
    }
  }
}
