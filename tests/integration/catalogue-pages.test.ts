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
    const sourced = catalogueUniversities.find((entry) => entry.tuition?.source && entry.ieltsSource);
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
    const withBand = catalogueUniversities.find((entry) => entry.ieltsBand);
    expect(await page(`/university/${withBand?.slug}`)).toContain(`(no band below ${withBand?.ieltsBand?.toFixed(1)})`);

    const unsourced = catalogueUniversities.find(
      (entry) => !entry.tuition && entry.minimumIelts === null && !entry.mastersTuition && !entry.applicationFee,
    );
    expect(await page(`/university/${unsourced?.slug}`)).not.toMatch(/>source<span/);
  });

  test("with IELTS 6.0 and first-year tuition under ৳25 lakh, the finder has universities in at least 6 countries", async () => {
    const html = await page("/find-university?ielts=6&maxTuition=2500000");
    const countries = new Set(
      catalogueUniversities.filter((entry) => html.includes(`href="/university/${entry.slug}"`)).map((entry) => entry.country),
    );
    expect(countries.size).toBeGreaterThanOrEqual(6);
  });
});
