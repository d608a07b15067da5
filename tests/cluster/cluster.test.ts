import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { onePagePdf } from "../../scripts/lib/api-journey";
import { type Cluster, startCluster } from "../../scripts/lib/cluster";
import { seedAccounts } from "../../scripts/lib/production-server.mjs";
import { startSmtpServer } from "../support/smtp";

/**
 * Two production instances on one PostgreSQL database, Redis and an S3 stand-in, behind nginx
 * (scripts/lib/cluster.ts): what one instance does, the other knows. Requests go through the
 * balancer and to each instance directly; a direct request may name its client with
 * X-Forwarded-For (the instances trust their proxy), so that 100 students are 100 addresses.
 */
let cluster: Cluster;
/** The one mail server every instance sends through. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const metricsToken = randomBytes(16).toString("hex");
const run = randomBytes(4).toString("hex");
const password = "a long cluster passphrase 7";
const account = (role: string, index = 0) => ({
  email: `cluster-${run}-${role}-${index}@onward.test`,
  password,
  name: `Cluster ${role} ${index}`,
  role,
});
const students = Array.from({ length: 100 }, (_, index) => account("student", index));
const [manager, consultant] = [account("manager"), account("consultant")];
/** Not one of the 100 who race for a slot (the winner may hold no second booking with the consultant). */
const remindedStudent = account("student", 100);

beforeAll(async () => {
  smtp = await startSmtpServer();
  cluster = await startCluster({ instances: 2, env: { SMTP_URL: smtp.url, METRICS_TOKEN: metricsToken, REMINDER_POLL_MS: "1000" } });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-cluster-seed-"));
  seedAccounts(dataDir, [...students, remindedStudent, manager, consultant], cluster.env);
  rmSync(dataDir, { recursive: true, force: true });
});
afterAll(async () => {
  await cluster?.stop();
  await smtp?.stop();
});

const instance = (index: number) => cluster.instances[index]?.url ?? "";

type Envelope<T> = { status: string; data: T; error?: { code: string; message: string } };

/** A JSON API call to `base` (an instance or the balancer), from the client address `client`. */
async function api<T>(
  base: string,
  method: string,
  path: string,
  init: { token?: string; json?: unknown; form?: FormData; client?: string } = {},
) {
  const headers: Record<string, string> = { "X-Forwarded-For": init.client ?? "198.51.100.1" };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers,
    body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

const clientOf = (index: number) => `203.0.113.${(index % 250) + 1}`;
const HOUR = 3_600_000;

/** A 30-minute slot of the signed-in consultant at `start` (on the hour, entered in UTC), through instance `base`. */
async function addSlot(base: string, token: string, start: Date) {
  const pad = (value: number) => String(value).padStart(2, "0");
  const slot = await api<{ id: string }>(base, "POST", "/me/slots", {
    token,
    json: {
      date: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}`,
      time: `${pad(start.getUTCHours())}:${pad(start.getUTCMinutes())}`,
      duration: "30",
      timeZone: "UTC",
    },
  });
  expect(slot.status, JSON.stringify(slot.body)).toBe(201);
  return slot.body.data.id;
}

/** One statement on the cluster's database, for what no API shows or may change. */
async function query<Row extends pg.QueryResultRow>(statement: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: cluster.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<Row>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

/** When instance `base` last finished a run of the booking reminders (ms since the epoch; 0 before its first), from its metrics. */
async function lastBookingReminderRun(base: string): Promise<number> {
  const metrics = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
  const seconds = metrics.match(/^onward_job_last_run_timestamp_seconds\{job="booking_reminders"\} (\S+)$/m)?.[1];
  return seconds === undefined ? 0 : Number(seconds) * 1000;
}

async function login(base: string, person: { email: string; password: string }, client = "198.51.100.1"): Promise<string> {
  const answer = await api<{ token: string }>(base, "POST", "/auth/login", {
    json: { email: person.email, password: person.password },
    client,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.token;
}

describe("a cluster of two instances behind nginx", () => {
  test("the balancer answers from both instances; a session made on one is good on the other", async () => {
    expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200);
    const token = await login(instance(0), students[0] as (typeof students)[number]);
    const me = await api<{ email: string }>(instance(1), "GET", "/me", { token });
    expect([me.status, me.body.data.email]).toEqual([200, students[0]?.email]);
    // A sign-out on B ends the session on A at its next request.
    expect((await api(instance(1), "POST", "/auth/logout", { token })).status).toBe(200);
    expect((await api(instance(0), "GET", "/me", { token })).status).toBe(401);
  });

  test("a setting a manager changes on A shows on B's next anonymous page within a second", async () => {
    await fetch(`${instance(1)}/contact`);
    expect((await fetch(`${instance(1)}/contact`)).headers.get("cache-status")).toBe("onward; hit");
    const phone = `+88019${String(Date.now()).slice(-8)}`;
    const changed = await api(instance(0), "PATCH", "/settings", {
      token: await login(instance(0), manager),
      json: { contactPhone: phone },
    });
    expect(changed.status).toBe(200);
    const answered = performance.now();
    let shown = false;
    while (!shown && performance.now() - answered < 1_000) shown = (await (await fetch(`${instance(1)}/contact`)).text()).includes(phone);
    expect(shown, "B still showed the old phone a second after the change").toBe(true);
  });

  test("100 students racing for one slot over both instances: exactly one booking", async () => {
    const consultantToken = await login(instance(0), consultant);
    const { consultantId } = (await api<{ consultantId: string }>(instance(0), "GET", "/me", { token: consultantToken })).body.data;
    // After the seeded consultant's 20 slots (two hours apart from 48 hours ahead), so it overlaps none of them.
    const slotId = await addSlot(instance(1), consultantToken, new Date(Math.ceil(Date.now() / HOUR) * HOUR + 100 * HOUR));
    const tokens = await Promise.all(students.map((student, index) => login(instance(index % 2), student, clientOf(index))));
    const answers = await Promise.all(
      students.map((student, index) =>
        api<{ bookingId: string }>(
          index % 2 === 0 ? instance(index % 4 === 0 ? 0 : 1) : cluster.url,
          "POST",
          `/consultants/${consultantId}/bookings`,
          {
            token: tokens[index],
            client: clientOf(index),
            json: {
              slot: slotId,
              name: student.name,
              email: student.email,
              phone: "+880 1711 000000",
              address: "Dhanmondi, Dhaka",
            },
          },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(
      statuses.filter((status) => status !== 201 && status !== 409),
      JSON.stringify(statuses),
    ).toEqual([]);
    const winner = answers.find((answer) => answer.status === 201)?.body.data.bookingId;
    const slots: { id: string; bookingStatus: string | null }[] = [];
    for (let page = 1; page <= 5; page++) {
      slots.push(...(await api<typeof slots>(instance(1), "GET", `/me/slots?page=${page}`, { token: consultantToken })).body.data);
    }
    expect(slots.find((entry) => entry.id === slotId)?.bookingStatus).toBe("pending");
    const mine = await Promise.all(
      answers.map((answer, index) =>
        answer.status === 201 ? api<{ id: string }[]>(instance(0), "GET", "/me/bookings", { token: tokens[index] }) : undefined,
      ),
    );
    expect(mine.flatMap((list) => list?.body.data.map((booking) => booking.id) ?? [])).toContain(winner);
  });

  test("rate limits are shared: the 11th wrong password in a minute is refused whichever instance it reaches", async () => {
    const target = students[99] as (typeof students)[number];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const base = [instance(0), instance(1), cluster.url][attempt % 3] as string;
      statuses.push(
        (await api(base, "POST", "/auth/login", { json: { email: target.email, password: "not the password at all" } })).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  test("a document uploaded through A is served by B, byte for byte", async () => {
    const student = students[50] as (typeof students)[number];
    const pdf = Buffer.from(onePagePdf(`cluster ${run}`));
    const form = new FormData();
    form.set("passport", new File([new Uint8Array(pdf)], "passport.pdf", { type: "application/pdf" }));
    const uploaded = await api(instance(0), "PUT", "/me/application/documents/passport", {
      token: await login(instance(0), student, clientOf(50)),
      form,
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const token = await login(instance(1), student, clientOf(50));
    const application = await api<{ id: string; documents: { field: string }[] }>(instance(1), "GET", "/me/application", { token });
    expect(application.body.data.documents.map((entry) => entry.field)).toContain("passport");
    const file = await fetch(`${instance(1)}/api/v1/applications/${application.body.data.id}/documents/passport`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
    expect(sha(Buffer.from(await file.arrayBuffer()))).toBe(sha(pdf));
  });

  test("a booking reminder and its mail are sent once, though both instances run the reminders", async () => {
    const consultantToken = await login(instance(0), consultant);
    const { consultantId } = (await api<{ consultantId: string }>(instance(0), "GET", "/me", { token: consultantToken })).body.data;
    // Within the reminder's day, and before every other slot of this consultant (48 hours ahead and more).
    const slotId = await addSlot(instance(0), consultantToken, new Date(Math.ceil(Date.now() / HOUR) * HOUR + 20 * HOUR));
    const student = remindedStudent;
    const booked = await api<{ bookingId: string }>(instance(1), "POST", `/consultants/${consultantId}/bookings`, {
      token: await login(instance(1), student, clientOf(100)),
      client: clientOf(100),
      json: { slot: slotId, name: student.name, email: student.email, phone: "+880 1711 000000", address: "Dhanmondi, Dhaka" },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const { bookingId } = booked.body.data;
    const accepted = await api(instance(1), "POST", `/bookings/${bookingId}/status`, {
      token: consultantToken,
      json: { status: "accepted" },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    // Accepted three days ago (one accepted within its last day gets no reminder): due from now on.
    await query("update bookings set accepted_at = now() - interval '3 days' where id = $1", [bookingId]);
    const dueSince = Date.now();
    // Each instance runs the reminders on its own clock (every second here: REMINDER_POLL_MS): wait until both have finished a run
    // begun since (a run takes milliseconds, so one finished a second later began after).
    await expect
      .poll(async () => Math.min(...(await Promise.all([instance(0), instance(1)].map(lastBookingReminderRun)))), {
        timeout: 75_000,
        interval: 500,
      })
      .toBeGreaterThan(dueSince + 1_000);
    const reminders = () => smtp.received.filter((mail) => mail.to.includes(student.email) && /^Subject: Reminder:/m.test(mail.raw));
    await expect.poll(() => reminders().length, { timeout: 10_000 }).toBe(1);
    // Two more polls of both instances' mail workers (every 2 s): nothing goes twice.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(reminders()).toHaveLength(1);
    const queued = await query<{ status: string }>("select status from mail_outbox where \"to\" = $1 and subject like 'Reminder:%'", [
      student.email,
    ]);
    expect(queued).toEqual([{ status: "sent" }]);
    const flagged = await query<{ reminded: boolean }>("select reminder_sent_at is not null as reminded from bookings where id = $1", [
      bookingId,
    ]);
    expect(flagged).toEqual([{ reminded: true }]);
  });

  test("an instance killed mid-request loses no acknowledged write, and the balancer's next requests go to the other", async () => {
    const manager = await login(cluster.url, { email: account("manager").email, password });
    const acknowledged: string[] = [];
    const answers: number[] = [];
    // Killed while the writes go on, mostly with one of them in flight on it.
    const killing = new Promise((resolve) => setTimeout(resolve, 400)).then(() => cluster.instances[0]?.kill());
    for (let index = 0; index < 40; index++) {
      const name = `kill-${run}-${index}`;
      const answer = await fetch(`${cluster.url}/api/v1/settings`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${manager}`, "Content-Type": "application/json" },
        body: JSON.stringify({ city: name }),
      }).catch(() => undefined);
      answers.push(answer?.status ?? 0);
      if (answer?.status === 200) acknowledged.push(name);
    }
    await killing;
    expect(acknowledged.length, `answers: ${answers.join(" ")}`).toBeGreaterThan(20);
    // The last acknowledged change is what every surviving reader sees.
    const settings = await api<{ city: string }>(cluster.url, "GET", "/settings", { token: manager });
    expect(settings.status).toBe(200);
    expect(settings.body.data.city).toBe(acknowledged.at(-1));
    const after = await Promise.all(Array.from({ length: 10 }, () => fetch(`${cluster.url}/`).then((answer) => answer.status)));
    expect(after).toEqual(Array(10).fill(200));
  });
});
