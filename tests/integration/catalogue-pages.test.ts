import { describe, expect, test } from "vitest";
import { catalogueUniversities } from "../../content/universities";
import { withRunningServer } from "../support/server-users";

/** The researched figures as a student meets them: quoted with their year and their source, and found by the finder. */
describe("the catalogue's figures on the pages", () => {
  const app = withRunningServer();
  const page = async (path: string) => {
    const response = await fetch(`${app.server.url}${path}`);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  test("a university's page quotes its tuition and IELTS minimum for their academic year, each with a link to the university's page", async () => {
    const sourced = catalogueUniversities.find((entry) => entry.tuition?.source && entry.ieltsSource?.year);
    if (!sourced?.tuition?.source || !sourced.ieltsSource) throw new Error("no university with both figures sourced");
    const html = await page(`/university/${sourced.slug}`);
    const { year } = sourced.tuition;
    expect(html).toContain(`indicative for ${year}/${String((year + 1) % 100).padStart(2, "0")}`);
    expect(html).toContain(`href="${sourced.tuition.source.replace(/&/g, "&amp;")}"`);
    expect(html).toContain(`href="${sourced.ieltsSource.source.replace(/&/g, "&amp;")}"`);
    expect(html).toContain(`${sourced.minimumIelts?.toFixed(1)}, for ${sourced.ieltsSource.year}/`);

    const withFees = catalogueUniversities.find((entry) => entry.mastersTuition && entry.applicationFee);
    if (!withFees?.mastersTuition || !withFees.applicationFee) throw new Error("no university with both fees");
    const feesPage = await page(`/university/${withFees.slug}`);
    expect(feesPage).toContain(`href="${withFees.mastersTuition.source.replace(/&/g, "&amp;")}"`);
    expect(feesPage).toContain(`href="${withFees.applicationFee.source.replace(/&/g, "&amp;")}"`);
    const undated = catalogueUniversities.find((entry) => entry.ieltsSource && entry.ieltsSource.year === null);
    expect(await page(`/university/${undated?.slug}`)).toContain("as the university&#x27;s current page states it (undated)");
    const withBand = catalogueUniversities.find((entry) => entry.ieltsBand);
    expect(await page(`/university/${withBand?.slug}`)).toContain(`(no band below ${withBand?.ieltsBand?.toFixed(1)})`);

    const unsourced = catalogueUniversities.find(
      (entry) => !entry.tuition && entry.minimumIelts === null && !entry.mastersTuition && !entry.applicationFee,
    );
    // No "source" link of the university's own (the cost table's country figures have theirs).
    expect(await page(`/university/${unsourced?.slug}`)).not.toMatch(
      />source<span class="sr-only">: the university&#x27;s page for (first-year|minimum|master)/,
    );
  });

  test("with IELTS 6.0 and first-year tuition under ৳25 lakh, the finder has universities in at least 6 countries", async () => {
    const html = await page("/find-university?ielts=6&maxTuition=2500000");
    const countries = new Set(
      catalogueUniversities.filter((entry) => html.includes(`href="/university/${entry.slug}"`)).map((entry) => entry.country),
    );
    expect(countries.size).toBeGreaterThanOrEqual(6);
  });

  test("sort=fit ranks every university with its reasons, and the shared page cache keys on the IELTS and the budget", async () => {
    const path = "/find-university?sort=fit&ielts=6.5&budget=3000000";
    const first = await fetch(`${app.server.url}${path}`);
    expect(first.status).toBe(200);
    const html = await first.text();
    const cards = html.split('href="/university/').length - 1;
    const reasons = [...html.matchAll(/data-fit-reason="([^"]*)"/g)].map((match) => match[1] ?? "");
    expect(cards).toBe(12);
    expect(reasons).toHaveLength(12);
    expect(reasons[0]).toMatch(
      /^Your IELTS 6\.5 meets the \d\.\d minimum; About ৳\d+ lakh for the first year.*; Within your budget of ৳30 lakh$/,
    );
    // Not a filter: every university is ranked.
    expect(html).toContain(`${catalogueUniversities.length} universities found`);
    // Another budget is another page, from the cache's point of view too.
    const other = await (await fetch(`${app.server.url}/find-university?sort=fit&ielts=6.5&budget=1000000`)).text();
    expect(other).toContain("your budget of ৳10 lakh");
    expect(other).not.toContain("your budget of ৳30 lakh");
    const again = await fetch(`${app.server.url}${path}&utm_source=facebook`);
    expect(again.headers.get("cache-status")).toMatch(/hit/);
    expect(await again.text()).toBe(html);
  });

  test("a university's page prices the first year in taka: each line, the total and the embassy's bank balance", async () => {
    // Germany's published figures: living costs (blocked account), visa and student health insurance.
    const german = catalogueUniversities.find((entry) => entry.country === "Germany" && entry.tuition);
    if (!german?.tuition) throw new Error("no German university with a tuition figure");
    const html = await page(`/university/${german.slug}`);
    const total = Number(/data-total-bdt="(\d+)"/.exec(html)?.[1]);
    const takaLines = [...html.matchAll(/<td class="[^"]*text-right[^"]*">BDT ([\d,]+)<\/td>/g)].map((match) =>
      Number(match[1]?.replace(/,/g, "")),
    );
    expect(takaLines.length).toBeGreaterThanOrEqual(4);
    expect(total).toBe(takaLines.reduce((sum, value) => sum + value, 0));
    expect(html).toContain("Living costs for one year (blocked account amount)");
    expect(html).toContain("Bank balance the embassy expects");
    expect(html).toContain("our default exchange rates");
    // A master's student's table is its own page, shared by its link.
    const masters = await page(`/university/${german.slug}?level=masters`);
    expect(masters).toContain("Tuition, taught master&#x27;s (first year)");
  });
});
