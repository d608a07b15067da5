import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/.server/db";
import { appointmentSlots, bookings } from "~/.server/db/schema";
import { m } from "~/paraglide/messages";
import * as bookRoute from "~/routes/book-consultant";
import * as slotsRoute from "~/routes/dashboard/appointment-time";
import { createUser, type TestUser } from "../support/accounts";
import { bookingContact, createConsultant, createSlot } from "../support/booking";
import { callRoute } from "../support/call-route";
import { withTestDatabase } from "../support/database-per-file";
import { type ServerProcess, startServer, tempDir } from "../support/server-process";
import { onServerDatabase, signInOverHttp } from "../support/server-users";
import { createServerEnvironment, databaseKind } from "../support/test-database";

const STUDENTS = 50;

/** The refusal every student but one gets, in English (the test posts to English pages). */
const SLOT_TAKEN = m.server_slot_taken({}, { locale: "en" });

type Reply = { result: { error: Record<string, string[]> } };

describe(`one slot, ${STUDENTS} students at once, one process (${databaseKind()})`, () => {
  withTestDatabase();

  test("exactly one booking succeeds, the other 49 are told the slot was just booked, and one live booking row exists", async () => {
    const owner = await createConsultant();
    const slot = await createSlot(owner);
    const students: TestUser[] = [];
    for (let index = 0; index < STUDENTS; index++) students.push(await createUser());
    const answers = await Promise.all(
      students.map((student) =>
        callRoute<Reply>(bookRoute, {
          path: `/book-appointment/${owner.consultant.id}`,
          pattern: "/book-appointment/:consultantId",
          form: { slot: slot.id, ...bookingContact(student) },
          headers: { Cookie: student.cookie },
        }),
      ),
    );
    const booked = answers.filter((answer) => answer.status === 303);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(booked).toHaveLength(1);
    expect(refused).toHaveLength(STUDENTS - 1);
    expect(refused.every((answer) => answer.data.result.error.slot?.[0] === SLOT_TAKEN)).toBe(true);
    const rows = await db()
      .select()
      .from(bookings)
      .where(and(eq(bookings.slotId, slot.id), inArray(bookings.status, ["pending", "accepted"])));
    expect(rows).toHaveLength(1);
  });

  test("20 overlapping slots posted at once by one consultant: exactly one is stored", async () => {
    const owner = await createConsultant();
    const day = new Date(Date.now() + 40 * 24 * 3_600_000).toISOString().slice(0, 10);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        callRoute<Reply>(slotsRoute, {
          path: "/dashboard/appointment-time",
          form: { date: day, time: `09:${String(index).padStart(2, "0")}`, duration: "60", timeZone: "Asia/Dhaka" },
          headers: { Cookie: owner.user.cookie },
        }),
      ),
    );
    expect(
      answers.filter((answer) => answer.status === 303),
      JSON.stringify(answers.map((a) => a.status)),
    ).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused.every((answer) => /overlaps/.test(answer.data.result.error.time?.[0] ?? ""))).toBe(true);
    const stored = await db()
      .select()
      .from(appointmentSlots)
      .where(and(eq(appointmentSlots.consultantId, owner.consultant.id), isNull(appointmentSlots.deletedAt)));
    expect(stored).toHaveLength(1);
  });
});

// Two instances of the built app on one PostgreSQL database (the embedded database has one owner
// by design): the database, not a process, decides who gets the slot.
describe.runIf(databaseKind() === "postgres")(
  `one slot, ${STUDENTS} students at once, two app processes on one PostgreSQL database`,
  () => {
    const servers: ServerProcess[] = [];
    let cleanup: (() => Promise<void>) | undefined;
    let env: Record<string, string> = {};
    let seeded: { consultantId: string; slotId: string; students: TestUser[] };

    beforeAll(async () => {
      const environment = await createServerEnvironment();
      cleanup = environment.cleanup;
      env = environment.env;
      seeded = await onServerDatabase(env, async () => {
        const owner = await createConsultant();
        const slot = await createSlot(owner);
        const students: TestUser[] = [];
        for (let index = 0; index < STUDENTS; index++) students.push(await createUser({ verified: true }));
        return { consultantId: owner.consultant.id, slotId: slot.id, students };
      });
      const secret = randomBytes(24).toString("hex");
      for (const dataDir of [env.DATA_DIR ?? "", await tempDir("onward-data-")]) {
        servers.push(await startServer({ ...env, DATA_DIR: dataDir, SESSION_SECRET: secret, LOG_LEVEL: "warn" }));
      }
    }, 120_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await cleanup?.();
    });

    test("exactly one booking succeeds across both processes, the other 49 get the refusal, and one live booking row exists", async () => {
      const { consultantId, slotId, students } = seeded;
      // Each student signs in on the instance they will book through (the session lives in the shared database).
      const cookies = await Promise.all(students.map((student, index) => signInOverHttp(servers[index % 2] as ServerProcess, student)));
      const answers = await Promise.all(
        students.map(async (student, index) => {
          const server = servers[index % 2] as ServerProcess;
          const response = await fetch(`${server.url}/book-appointment/${consultantId}`, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies[index] ?? "", Origin: server.url },
            body: new URLSearchParams({ slot: slotId, ...bookingContact(student) }),
          });
          return { status: response.status, body: await response.text() };
        }),
      );
      expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
      const refused = answers.filter((answer) => answer.status === 409);
      expect(refused).toHaveLength(STUDENTS - 1);
      expect(refused.every((answer) => answer.body.includes(SLOT_TAKEN))).toBe(true);
      const rows = await onServerDatabase(env, () =>
        db()
          .select()
          .from(bookings)
          .where(and(eq(bookings.slotId, slotId), inArray(bookings.status, ["pending", "accepted"]))),
      );
      expect(rows).toHaveLength(1);
    });
  },
);
