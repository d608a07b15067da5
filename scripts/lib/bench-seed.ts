// Seeds what `npm run bench:render` measures, in one process before the server owns the database:
// the accounts it signs in as and a directory of networking members (BENCH_MEMBERS, default 60,
// spread over every location and job category, so a directory page is a full page of 12), and a
// shortlist of 12 universities for each student account.
// Usage: ONWARD_SEED_ACCOUNTS='[{"email":…,"password":…,"name":…,"role":…}]' tsx scripts/lib/bench-seed.ts

import { eq } from "drizzle-orm";
import { getConfig } from "~/.server/config";
import { openDatabase } from "~/.server/db/client";
import { db, setDatabase } from "~/.server/db/index";
import { migrateDatabase } from "~/.server/db/migrate";
import {
  applicationDocuments,
  applicationEvents,
  applications,
  networkingMembers,
  shortlistEntries,
  universities,
  users,
} from "~/.server/db/schema";
import { provisionAccount } from "~/.server/users/provision-account";
import { documentFields } from "~/lib/applications";
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
  await migrateDatabase(database);
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
  if (owner && applicationCount > 0) {
    const countries = ["UK", "USA", "Germany", "Denmark", "Malaysia", "Australia"];
    const statuses = ["submitted", "processing", "rejected", "completed"] as const;
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
          })),
        ),
      )
      .onConflictDoNothing();
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
} finally {
  await database.close();
}
