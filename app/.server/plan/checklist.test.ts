import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useLoaderData } from "react-router";
import { describe, expect, test } from "vitest";
import { DocumentChecklist } from "~/components/plan/document-checklist";
import type { ApplicationStatus, DocumentField } from "~/lib/applications";
import { m } from "~/paraglide/messages";
import * as applicationRoute from "~/routes/dashboard/application";
import * as checklistRoute from "~/routes/dashboard/checklist";
import * as homeRoute from "~/routes/dashboard/home";
import { context, createUser, outcome, request, type TestUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { toastOf } from "../../../tests/support/members";
import { db } from "../db";
import { applicationDocuments, applications, checklistTicks } from "../db/schema";
import { AppError } from "../errors";
import { requestStorage } from "../request-context";
import { type ApplicationChecklist, applicationChecklist, setChecklistTick, studentChecklist } from "./checklist";

withTestDatabase();

/** An application row as the form leaves it, with these documents stored (rows only: the checklist reads no files). */
async function seedApplication(
  applicant: TestUser,
  options: { status?: ApplicationStatus; countryName?: string | null; documents?: DocumentField[]; createdAt?: Date } = {},
) {
  const id = randomUUID();
  const status = options.status ?? "draft";
  await db()
    .insert(applications)
    .values({
      id,
      applicantId: applicant.id,
      status,
      countryName: options.countryName === undefined ? "South Korea" : options.countryName,
      submittedAt: status === "draft" ? null : new Date(),
      createdAt: options.createdAt ?? new Date(),
    });
  for (const field of options.documents ?? []) {
    await db()
      .insert(applicationDocuments)
      .values({
        applicationId: id,
        field,
        storageKey: `applications/${id}/${field}.png`,
        fileName: `${field}.png`,
        contentType: "image/png",
        size: 100,
        sha256: "0".repeat(64),
      });
  }
  return id;
}

const ticksOf = (applicationId: string) =>
  db().select({ itemKey: checklistTicks.itemKey }).from(checklistTicks).where(eq(checklistTicks.applicationId, applicationId));

function itemKey(checklist: ApplicationChecklist | null, startsWith: string): string {
  const item = checklist?.items.find((candidate) => candidate.text.startsWith(startsWith));
  if (!item) throw new Error(`no item "${startsWith}"`);
  return item.key;
}

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  const error = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

/** The component on a page of its own, as the dashboard and the staff page render it. */
function ChecklistPage() {
  const { checklist, viewer } = useLoaderData() as { checklist: ApplicationChecklist; viewer: "student" | "staff" };
  return createElement(DocumentChecklist, { checklist, viewer, returnTo: "/dashboard" });
}

/** Runs `run` as a request to a Bangla page (/bn/…) does: every message in Bangla. */
const inBangla = <T>(run: () => T) => requestStorage.run({ requestId: "test", nonce: "test", clientIp: "198.51.100.7", locale: "bn" }, run);

const tick = (user: TestUser | null, applicationId: string, form: Record<string, string>) =>
  outcome(() =>
    checklistRoute.action({
      request: request(`/dashboard/checklist/${applicationId}`, { user, form }),
      params: { applicationId },
      context: context(),
    } as never),
  );

describe("a student's document checklist", () => {
  test("the uploaded documents tick their items; the rest wait for the student", async () => {
    const student = await createUser();
    const id = await seedApplication(student, { documents: ["passport", "policeClearance", "bankStatement"] });
    const checklist = await studentChecklist(student.id);
    expect(checklist).toMatchObject({
      applicationId: id,
      country: "South Korea",
      status: "draft",
      guideId: "south-korea",
      ready: 3,
      total: 14,
    });
    expect(checklist?.items.filter((item) => item.ready).map((item) => [item.text, item.satisfiedBy])).toEqual([
      ["Valid passport", ["passport"]],
      ["Police clearance certificate", ["policeClearance"]],
      ["Sponsor's bank solvency certificate and bank statement showing the balance the embassy asks for", ["bankStatement"]],
    ]);
    expect(checklist?.items.find((item) => item.text === "Sponsor's NID")).toMatchObject({ ready: false, manual: false });
  });

  test("the draft comes first, then the newest submitted or processing application; closed ones and unguided countries have none", async () => {
    const student = await createUser();
    expect(await studentChecklist(student.id)).toBeNull();
    await seedApplication(student, { status: "rejected", countryName: "UK" });
    expect(await studentChecklist(student.id)).toBeNull();
    const older = await seedApplication(student, { status: "submitted", countryName: "UK", createdAt: new Date("2026-01-01T00:00:00Z") });
    const newer = await seedApplication(student, { status: "processing", countryName: "USA", createdAt: new Date("2026-02-01T00:00:00Z") });
    expect(await studentChecklist(student.id)).toMatchObject({ applicationId: newer, country: "United States", status: "processing" });
    const draft = await seedApplication(student, { countryName: "Finland" });
    expect(await studentChecklist(student.id)).toMatchObject({ applicationId: draft, country: "Finland", total: 14 });
    await db().update(applications).set({ countryName: "Denmark" }).where(eq(applications.id, draft));
    expect(await studentChecklist(student.id)).toBeNull();
    expect(older).not.toBe(newer);
  });

  test("the student ticks and unticks an item by hand; ticking twice keeps one tick", async () => {
    const student = await createUser();
    const id = await seedApplication(student, { documents: ["passport"] });
    const admission = itemKey(await studentChecklist(student.id), "Certificate of Admission");

    expect(await setChecklistTick({ userId: student.id, applicationId: id, itemKey: admission, ticked: true })).toEqual({
      text: "Certificate of Admission (standard admission letter) from the Korean university",
      ticked: true,
    });
    await setChecklistTick({ userId: student.id, applicationId: id, itemKey: admission, ticked: true });
    expect(await ticksOf(id)).toEqual([{ itemKey: admission }]);
    const ticked = await studentChecklist(student.id);
    expect(ticked?.ready).toBe(2);
    expect(ticked?.items.find((item) => item.key === admission)).toMatchObject({ ready: true, manual: true, satisfiedBy: null });

    await setChecklistTick({ userId: student.id, applicationId: id, itemKey: admission, ticked: false });
    await setChecklistTick({ userId: student.id, applicationId: id, itemKey: admission, ticked: false });
    expect(await ticksOf(id)).toEqual([]);
    expect((await studentChecklist(student.id))?.ready).toBe(1);
  });

  test("another student cannot tick someone else's item, and learns nothing about it", async () => {
    const owner = await createUser();
    const other = await createUser();
    const id = await seedApplication(owner);
    const admission = itemKey(await studentChecklist(owner.id), "Certificate of Admission");
    const error = await refusal(() => setChecklistTick({ userId: other.id, applicationId: id, itemKey: admission, ticked: true }));
    expect(error.code).toBe("NOT_FOUND");
    const unknown = await refusal(() =>
      setChecklistTick({ userId: other.id, applicationId: randomUUID(), itemKey: admission, ticked: true }),
    );
    expect(unknown.message).toBe(error.message);
    expect(await ticksOf(id)).toEqual([]);
  });

  test("an unknown key and an item a document ticks are refused", async () => {
    const student = await createUser();
    const id = await seedApplication(student);
    const passport = itemKey(await studentChecklist(student.id), "Valid passport");
    const unknown = await refusal(() =>
      setChecklistTick({ userId: student.id, applicationId: id, itemKey: "paper-0000000", ticked: true }),
    );
    expect(unknown).toMatchObject({ code: "INVALID", message: m.server_no_such_checklist_item({}, { locale: "en" }) });
    const byDocument = await refusal(() => setChecklistTick({ userId: student.id, applicationId: id, itemKey: passport, ticked: true }));
    expect(byDocument).toMatchObject({ code: "INVALID", message: '"Valid passport" ticks itself once you upload the passport.' });
    const sponsorNid = itemKey(await studentChecklist(student.id), "Sponsor's NID");
    expect(
      (await refusal(() => setChecklistTick({ userId: student.id, applicationId: id, itemKey: sponsorNid, ticked: true }))).message,
    ).toBe(`"Sponsor's NID" ticks itself once you upload the father's NID or mother's NID.`);
    expect(await ticksOf(id)).toEqual([]);
  });

  test.each(["rejected", "completed"] as const)("a %s application's checklist no longer changes", async (status) => {
    const student = await createUser();
    const id = await seedApplication(student, { status: "submitted" });
    const admission = itemKey(await studentChecklist(student.id), "Certificate of Admission");
    await setChecklistTick({ userId: student.id, applicationId: id, itemKey: admission, ticked: true });
    await db().update(applications).set({ status }).where(eq(applications.id, id));
    const error = await refusal(() => setChecklistTick({ userId: student.id, applicationId: id, itemKey: admission, ticked: false }));
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(`This application is ${status}, so its checklist can no longer change.`);
    expect(await ticksOf(id)).toEqual([{ itemKey: admission }]);
  });

  test("staff see the same checklist as the student", async () => {
    const student = await createUser();
    const id = await seedApplication(student, { status: "submitted", countryName: "UK", documents: ["passport", "birthCertificate"] });
    const cas = itemKey(await studentChecklist(student.id), "Confirmation of Acceptance");
    await setChecklistTick({ userId: student.id, applicationId: id, itemKey: cas, ticked: true });
    const own = await studentChecklist(student.id);
    expect(own).toMatchObject({ ready: 3, total: 10 });
    expect(await applicationChecklist(id)).toEqual(own);
    expect(await applicationChecklist(randomUUID())).toBeNull();
    const unguided = await seedApplication(student, { status: "submitted", countryName: "France" });
    expect(await applicationChecklist(unguided)).toBeNull();
  });
});

describe("the checklist's pages and route", () => {
  test("the owner ticks through the route and the toast comes back where they were", async () => {
    const student = await createUser();
    const id = await seedApplication(student);
    const admission = itemKey(await studentChecklist(student.id), "Certificate of Admission");
    const ticked = await tick(student, id, { item: admission, intent: "tick", returnTo: "/dashboard?from=checklist" });
    expect(ticked).toMatchObject({ status: 303, location: "/dashboard?from=checklist" });
    expect(await toastOf(ticked.response)).toBe("Ticked: Certificate of Admission (standard admission letter) from the Korean university");
    expect(await ticksOf(id)).toEqual([{ itemKey: admission }]);

    const unticked = await tick(student, id, { item: admission, intent: "untick", returnTo: "https://evil.example/" });
    expect(unticked).toMatchObject({ status: 303, location: "/dashboard" });
    expect(await toastOf(unticked.response)).toBe(
      "Unticked: Certificate of Admission (standard admission letter) from the Korean university",
    );
    expect(await ticksOf(id)).toEqual([]);

    // A refused tick comes back as an error toast, and nothing is stored.
    const passport = itemKey(await studentChecklist(student.id), "Valid passport");
    const refused = await tick(student, id, { item: passport, intent: "tick" });
    expect(refused).toMatchObject({ status: 303, location: "/dashboard" });
    expect(await toastOf(refused.response)).toBe('"Valid passport" ticks itself once you upload the passport.');
    expect((await tick(student, id, { item: admission, intent: "sideways" })).status).toBe(303);
    expect(await ticksOf(id)).toEqual([]);
  });

  test("on a Bangla page the checklist reads in Bangla under the same keys, and a refused tick answers in Bangla", async () => {
    const student = await createUser();
    const id = await seedApplication(student);
    const english = await studentChecklist(student.id);
    const bangla = await inBangla(() => studentChecklist(student.id));
    // The same items under the same keys (a tick is stored under the English text's), in the Bangla guide's words.
    expect(bangla?.items.map((item) => item.key)).toEqual(english?.items.map((item) => item.key));
    expect(bangla).toMatchObject({ country: "দক্ষিণ কোরিয়া", ready: english?.ready, total: english?.total });
    expect(bangla?.items[0]?.text).toBe("বৈধ পাসপোর্ট");

    const refused = await inBangla(() => tick(student, id, { item: itemKey(english, "Valid passport"), intent: "tick" }));
    expect(await toastOf(refused.response)).toBe('"বৈধ পাসপোর্ট" নিজে থেকেই টিক হয়ে যাবে, যখন আপনি পাসপোর্ট আপলোড করবেন।');
    const admission = itemKey(english, "Certificate of Admission");
    const ticked = await inBangla(() => tick(student, id, { item: admission, intent: "tick" }));
    expect(await toastOf(ticked.response)).toContain("কোরিয়ান বিশ্ববিদ্যালয়ের Certificate of Admission (সাধারণ ভর্তির চিঠি)");
    expect(await ticksOf(id)).toEqual([{ itemKey: admission }]);
    // The tick shows in English too: one key, whichever language ticked it.
    expect((await studentChecklist(student.id))?.items.find((item) => item.key === admission)?.ready).toBe(true);
  });

  test("hostile posts are refused with a message and change nothing: NUL bytes, huge values, an unreadable body, two taps at once", async () => {
    const student = await createUser();
    const id = await seedApplication(student);
    const admission = itemKey(await studentChecklist(student.id), "Certificate of Admission");
    for (const form of [
      { item: `${admission}\u0000`, intent: "tick" },
      { item: "x".repeat(100_000), intent: "tick" },
      { item: admission, intent: "tick\u0000" },
      {},
    ] as Record<string, string>[]) {
      const answer = await tick(student, id, form);
      expect(answer.status, JSON.stringify(form).slice(0, 60)).toBeLessThan(500);
      if (answer.status === 303) expect(await toastOf(answer.response)).toBeTruthy();
    }
    // An application id nobody has: the 404 page (a control character in a path never gets here: server/request-guards.ts).
    for (const odd of ["no-such", "x".repeat(5_000), "ন-বাংলা-😀"]) {
      expect((await tick(student, odd, { item: admission, intent: "tick" })).status).toBe(404);
    }
    const broken = await outcome(() =>
      checklistRoute.action({
        request: new Request(`http://localhost:3000/dashboard/checklist/${id}`, {
          method: "POST",
          headers: { Cookie: student.cookie, "Content-Type": "multipart/form-data; boundary=never" },
          body: '--never\r\nContent-Disposition: form-data; name="item"\r\n\r\nhalf',
        }),
        params: { applicationId: id },
        context: context(),
      } as never),
    );
    expect(broken.status).toBe(400);
    expect(await ticksOf(id)).toEqual([]);

    // The same tap twice at once keeps one tick.
    const taps = await Promise.all([1, 2].map(() => tick(student, id, { item: admission, intent: "tick" })));
    expect(taps.map((answer) => answer.status)).toEqual([303, 303]);
    expect(await ticksOf(id)).toEqual([{ itemKey: admission }]);
  });

  test("another student's tick is the 404 page and changes nothing; a signed-out one goes to sign in", async () => {
    const owner = await createUser();
    const other = await createUser();
    const id = await seedApplication(owner);
    const admission = itemKey(await studentChecklist(owner.id), "Certificate of Admission");
    const refused = await tick(other, id, { item: admission, intent: "tick" });
    expect(refused.status).toBe(404);
    expect(await ticksOf(id)).toEqual([]);

    const anonymous = await tick(null, id, { item: admission, intent: "tick" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/login?${new URLSearchParams({ redirectTo: `/dashboard/checklist/${id}` })}`);
    expect(await ticksOf(id)).toEqual([]);
  });

  test("the student's dashboard and the staff's application page carry the checklist", async () => {
    const student = await createUser();
    const consultant = await createUser({ role: "consultant" });
    const id = await seedApplication(student, { status: "submitted", documents: ["passport", "passportSizePicture"] });
    const home = await outcome(() =>
      homeRoute.loader({ request: request("/dashboard", { user: student }), params: {}, context: context() } as never),
    );
    expect((home.value as { checklist: ApplicationChecklist }).checklist).toMatchObject({ applicationId: id, ready: 2, total: 14 });
    const staffHome = await outcome(() =>
      homeRoute.loader({ request: request("/dashboard", { user: consultant }), params: {}, context: context() } as never),
    );
    expect((staffHome.value as { checklist: unknown }).checklist).toBeNull();
    const page = await outcome(() =>
      applicationRoute.loader({
        request: request(`/dashboard/applications/${id}`, { user: consultant }),
        params: { id },
        context: context(),
      } as never),
    );
    expect((page.value as { checklist: ApplicationChecklist }).checklist).toEqual(await studentChecklist(student.id));
  });

  test("the checklist renders its progress for the contract, and tick buttons for the student only", async () => {
    const student = await createUser();
    const id = await seedApplication(student, { documents: ["passport", "fatherNid"] });
    const checklist = await studentChecklist(student.id);
    if (!checklist) throw new Error("no checklist");
    const render = (viewer: "student" | "staff") => {
      const loaderData = { checklist, viewer };
      const Stub = createRoutesStub([{ id: "page", path: "/dashboard", Component: ChecklistPage, loader: () => loaderData }]);
      return renderToString(createElement(Stub, { initialEntries: ["/dashboard"], hydrationData: { loaderData: { page: loaderData } } }));
    };
    const mine = render("student");
    expect(mine).toContain("Your document checklist for South Korea");
    expect(mine).toMatch(/data-ready="2" data-total="14"[^>]*>2 of 14 ready/);
    expect(mine).toContain('role="progressbar"');
    expect(mine).toContain("Ready: uploaded Passport");
    expect(mine).toContain("Ready: uploaded Father&#x27;s NID");
    expect(mine).toContain("Not ready: needs Police clearance");
    // One Tick form per hand item (5 of Korea's 14), each naming its item for screen readers.
    expect(mine.match(new RegExp(`action="/dashboard/checklist/${id}"`, "g"))).toHaveLength(5);
    expect(mine).toContain('<span class="sr-only">: <!-- -->Study plan and self-introduction</span>');
    const staff = render("staff");
    expect(staff).toContain("Document checklist");
    expect(staff).toMatch(/data-ready="2" data-total="14"/);
    expect(staff).not.toContain("/dashboard/checklist/");
  });
});
