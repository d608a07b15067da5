import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { m } from "~/paraglide/messages";
import * as compareRoute from "~/routes/dashboard/compare";
import * as shortlistRoute from "~/routes/dashboard/shortlist";
import * as finderRoute from "~/routes/public/find-university";
import * as universityRoute from "~/routes/public/university";
import { context, createUser, outcome, request, type TestUser } from "../../../tests/support/accounts";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { toastOf } from "../../../tests/support/members";
import { db } from "../db";
import { shortlistEntries, universities } from "../db/schema";
import { addToShortlist, listShortlist, SHORTLIST_MAX } from "./shortlist";

withTestDatabase();

const heart = (user: TestUser | null, form: Record<string, string>) =>
  outcome(() =>
    shortlistRoute.action({ request: request("/dashboard/shortlist", { user, form }), params: {}, context: context() } as never),
  );
const shortlistPage = (user: TestUser, page = 1) =>
  outcome(() =>
    shortlistRoute.loader({ request: request(`/dashboard/shortlist?page=${page}`, { user }), params: {}, context: context() } as never),
  );
const comparePage = (user: TestUser | null, slugs: string[]) =>
  outcome(() =>
    compareRoute.loader({
      request: request(`/dashboard/shortlist/compare?${new URLSearchParams(slugs.map((slug) => ["u", slug]))}`, { user }),
      params: {},
      context: context(),
    } as never),
  );

type Card = { slug: string; name: string; shortlisted?: boolean | null; tuition: unknown; minimumIelts: number | null; place: string };
const slugsOf = (value: unknown) => (value as { items: Card[] }).items.map((card) => card.slug);

describe("the shortlist", () => {
  test("a student hearts two universities, sees them (the one with a published deadline first), and takes one off; the toasts come back where they were", async () => {
    const student = await createUser();
    const added = await heart(student, {
      university: "queens-university-belfast",
      intent: "add",
      returnTo: "/find-university?country=United+Kingdom",
    });
    expect(added).toMatchObject({ status: 303, location: "/find-university?country=United+Kingdom" });
    expect(await toastOf(added.response)).toBe("Queen's University Belfast is on your shortlist");
    expect(
      (await heart(student, { university: "university-of-helsinki", intent: "add", returnTo: "/university/university-of-helsinki" }))
        .status,
    ).toBe(303);
    // A second tap on a filled heart that had not refreshed yet changes nothing.
    expect((await heart(student, { university: "university-of-helsinki", intent: "add" })).location).toBe("/dashboard/shortlist");

    const page = await shortlistPage(student);
    expect(page.status).toBe(200);
    expect(slugsOf(page.value)).toEqual(["university-of-helsinki", "queens-university-belfast"]);
    expect((page.value as { total: number }).total).toBe(2);

    const removed = await heart(student, { university: "queens-university-belfast", intent: "remove", returnTo: "/dashboard/shortlist" });
    expect(await toastOf(removed.response)).toBe("Queen's University Belfast was taken off your shortlist");
    expect(slugsOf((await shortlistPage(student)).value)).toEqual(["university-of-helsinki"]);
  });

  test("each person sees only their own; the hearts on the finder and a university page show it; anonymous visitors get none", async () => {
    const [mine, theirs] = [await createUser(), await createUser({ role: "consultant" })];
    await heart(theirs, { university: "queens-university-belfast", intent: "add" });
    await heart(mine, { university: "university-of-toronto", intent: "add" });
    expect(slugsOf((await shortlistPage(mine)).value)).toEqual(["university-of-toronto"]);
    expect(slugsOf((await shortlistPage(theirs)).value)).toEqual(["queens-university-belfast"]);

    const finder = async (user: TestUser | null) => {
      const result = await finderRoute.loader({
        request: request("/find-university?q=toronto", { user }),
        params: {},
        context: context(),
      } as never);
      return (result as { items: Card[] }).items.find((card) => card.slug === "university-of-toronto")?.shortlisted;
    };
    expect(await finder(mine)).toBe(true);
    expect(await finder(theirs)).toBe(false);
    expect(await finder(null)).toBeNull();

    const page = async (user: TestUser | null) =>
      (
        (await universityRoute.loader({
          request: request("/university/university-of-toronto", { user }),
          params: { id: "university-of-toronto" },
          context: context(),
        } as never)) as { shortlisted: boolean | null }
      ).shortlisted;
    expect(await page(mine)).toBe(true);
    expect(await page(theirs)).toBe(false);
    expect(await page(null)).toBeNull();
  });

  test("refusals: signed out goes to sign in; an unknown university is a 404; a bad intent is a 400; another site's returnTo is not followed", async () => {
    const student = await createUser();
    const signedOut = await heart(null, { university: "queens-university-belfast", intent: "add" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.location).toMatch(/^\/login\?redirectTo=/);
    expect((await heart(student, { university: "no-such-university", intent: "add" })).status).toBe(404);
    expect((await heart(student, { university: "queens-university-belfast", intent: "delete-all" })).status).toBe(400);
    const elsewhere = await heart(student, { university: "queens-university-belfast", intent: "add", returnTo: "https://evil.example/" });
    expect(elsewhere.location).toBe("/dashboard/shortlist");
    const protocolRelative = await heart(student, {
      university: "queens-university-belfast",
      intent: "remove",
      returnTo: "//evil.example/x",
    });
    expect(protocolRelative.location).toBe("/dashboard/shortlist");
  });

  test(`holds at most ${SHORTLIST_MAX}: one more is refused with the reason, and a page of 12 pages on`, async () => {
    const student = await createUser();
    const all = await db().select({ id: universities.id, slug: universities.slug }).from(universities).orderBy(universities.slug);
    expect(all.length).toBeGreaterThan(SHORTLIST_MAX);
    await db()
      .insert(shortlistEntries)
      .values(all.slice(0, SHORTLIST_MAX).map((university) => ({ userId: student.id, universityId: university.id })));
    const extra = all[SHORTLIST_MAX];
    if (!extra) throw new Error("catalogue too small");
    const refused = await heart(student, { university: extra.slug, intent: "add", returnTo: "/find-university" });
    expect(refused).toMatchObject({ status: 303, location: "/find-university" });
    expect(await toastOf(refused.response)).toBe(m.server_shortlist_full({ max: String(SHORTLIST_MAX) }, { locale: "en" }));
    const entries = await db().select().from(shortlistEntries).where(eq(shortlistEntries.userId, student.id));
    expect(entries).toHaveLength(SHORTLIST_MAX);

    const second = (await shortlistPage(student, 2)).value as { items: Card[]; page: number; pageCount: number };
    expect(second.items).toHaveLength(12);
    expect(second.page).toBe(2);
    expect(second.pageCount).toBe(Math.ceil(SHORTLIST_MAX / 12));
  });
});

describe("compare", () => {
  test("up to four side by side in the order ticked; unknown ones left out; more than four says so", async () => {
    const student = await createUser();
    const two = await comparePage(student, ["university-of-helsinki", "no-such-one", "queens-university-belfast"]);
    expect(two.status).toBe(200);
    const value = two.value as { universities: Card[]; tooMany: boolean };
    expect(value.universities.map((card) => card.slug)).toEqual(["university-of-helsinki", "queens-university-belfast"]);
    expect(value.universities[1]?.place).toBe("Belfast, Northern Ireland, United Kingdom");
    expect(value.tooMany).toBe(false);

    const slugs = (await db().select({ slug: universities.slug }).from(universities).orderBy(universities.slug).limit(6)).map(
      (row) => row.slug,
    );
    const six = (await comparePage(student, slugs)).value as { universities: Card[]; tooMany: boolean };
    expect(six.universities.map((card) => card.slug)).toEqual(slugs.slice(0, 4));
    expect(six.tooMany).toBe(true);

    expect((await comparePage(null, slugs)).status).toBe(302);
  });
});

describe("deadlines on the shortlist", () => {
  test("the soonest next deadline first, never a past one; those without one last, newest first", async () => {
    const student = await createUser();
    // Hearted in this order; Toronto's usual deadline is 12 January, Helsinki's 16 January, Oxford's 15 October (the year before).
    for (const slug of [
      "university-of-toronto",
      "queens-university-belfast",
      "university-of-helsinki",
      "university-of-oxford",
      "harvard-university",
    ]) {
      await addToShortlist({ userId: student.id, slug });
    }
    const order = async (today: string) =>
      (await listShortlist({ userId: student.id, page: 1, today })).items.map((card) => [card.slug, card.nextDeadline?.date ?? null]);
    expect(await order("2026-11-26")).toEqual([
      ["harvard-university", "2027-01-01"],
      ["university-of-toronto", "2027-01-12"],
      ["university-of-helsinki", "2027-01-16"],
      ["university-of-oxford", "2027-10-15"],
      ["queens-university-belfast", null],
    ]);
    // The day after Toronto's deadline: its next one is a year on.
    expect(await order("2027-01-13")).toEqual([
      ["university-of-helsinki", "2027-01-16"],
      ["university-of-oxford", "2027-10-15"],
      ["harvard-university", "2028-01-01"],
      ["university-of-toronto", "2028-01-12"],
      ["queens-university-belfast", null],
    ]);
  });

  test("the page shows each card's next deadline, not before today, and the calendar link", async () => {
    const student = await createUser();
    await addToShortlist({ userId: student.id, slug: "university-of-toronto" });
    const page = (await shortlistPage(student)).value as {
      items: { nextDeadline: { date: string; daysLeft: number } }[];
      feedPath: string;
    };
    const today = new Date().toISOString().slice(0, 10);
    expect(page.items[0]?.nextDeadline.date.localeCompare(today)).toBeGreaterThanOrEqual(0);
    expect(page.items[0]?.nextDeadline.daysLeft).toBeGreaterThanOrEqual(0);
    expect(page.feedPath).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  });
});
