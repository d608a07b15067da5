// Seeds what `npm run bench:booking` measures, in one process before the server owns the database:
// BENCH_STUDENTS student accounts (bench.booker<N>@onward.test, one password) and BENCH_ROUNDS
// consultants (bench-bk-<r>), each with one future 30-minute slot per student (bench-bk-<r>-<n>).
// Usage: BENCH_STUDENTS=50 BENCH_ROUNDS=10 BENCH_PASSWORD=… tsx scripts/lib/bench-booking-seed.ts

import { getConfig } from "~/.server/config";
import { openDatabase } from "~/.server/db/client";
import { db, setDatabase } from "~/.server/db/index";
import { appointmentSlots, consultants, users } from "~/.server/db/schema";
import { prepareDatabase } from "~/.server/prepare-database";
import { closeSharedRedis } from "~/.server/redis";
import { provisionAccount } from "~/.server/users/provision-account";

const students = Number(process.env.BENCH_STUDENTS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const password = process.env.BENCH_PASSWORD ?? "";

const config = getConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await prepareDatabase(database);
  setDatabase(database);
  for (let index = 1; index <= students; index++) {
    await provisionAccount({ email: `bench.booker${index}@onward.test`, password, name: `Bench Booker ${index}`, role: "student" });
  }
  const hour = 3_600_000;
  const first = Math.ceil(Date.now() / hour) * hour + 48 * hour;
  for (let round = 1; round <= rounds; round++) {
    const userId = `bench-bk-user-${round}`;
    await db()
      .insert(users)
      .values({
        id: userId,
        name: `Bench Consultant ${round}`,
        email: `bench.bk${round}@example.com`,
        role: "consultant",
        emailVerified: true,
      })
      .onConflictDoNothing();
    await db()
      .insert(consultants)
      .values({
        id: `bench-bk-${round}`,
        userId,
        name: `Bench Consultant ${round}`,
        university: "University of Helsinki",
        country: "Finland",
        email: `bench.bk${round}@example.com`,
        phone: "+358 40 111 2222",
        profession: "Admissions adviser",
        description: "Measured by bench:booking.",
        photo: `consultant-photos/bench-bk-${round}/0123456789abcdef.webp`,
      })
      .onConflictDoNothing();
    await db()
      .insert(appointmentSlots)
      .values(
        Array.from({ length: students }, (_, index) => ({
          id: `bench-bk-${round}-${index + 1}`,
          consultantId: `bench-bk-${round}`,
          startsAt: new Date(first + index * hour),
          endsAt: new Date(first + index * hour + 30 * 60_000),
          timeZone: "Asia/Dhaka",
        })),
      )
      .onConflictDoNothing();
  }
} finally {
  await database.close();
  // Signing up through better-auth opened the shared Redis connection when REDIS_URL is set: the seed would never exit.
  await closeSharedRedis();
}
