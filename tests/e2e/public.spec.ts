import { expect, test } from "@playwright/test";
import { talkToUs } from "~/lib/next-steps";
import { setUpApp } from "./app";
import { publicPages } from "./public-pages";

const app = setUpApp();

test("every public page answers 200 with one h1, its own title and a canonical link", async ({ page }) => {
  test.setTimeout(180_000); // one visit per public page, about twenty of them
  const titles = new Set<string>();
  for (const { path, heading } of publicPages) {
    const response = await page.goto(app.url(path));
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
    await expect(page.locator("h1"), path).toHaveCount(1);
    const title = await page.title();
    expect(titles.has(title), `${path} repeats the title "${title}"`).toBe(false);
    titles.add(title);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /.{50,}/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", new RegExp(`${path === "/" ? "/" : path}$`));
    await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute("content", title);
  }
});

test("the home page's hero fills a laptop's width: the headline on the left, the illustration on the right", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(app.url("/"));
  const headline = await page.getByRole("heading", { level: 1 }).boundingBox();
  const illustration = page.locator('img[src="/images/illustrations/hero.svg"]');
  await expect(illustration).toBeVisible();
  expect(await illustration.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const picture = await illustration.boundingBox();
  expect(headline && picture).toBeTruthy();
  if (!headline || !picture) return;
  expect(headline.x + headline.width).toBeLessThanOrEqual(picture.x);
  expect(picture.x + picture.width).toBeGreaterThan(1100);
  expect(picture.y).toBeLessThan(400);
});

test("the home page FAQ has 11 entries that open and close", async ({ page }) => {
  await page.goto(app.url("/"));
  const entries = page.getByTestId("faq").locator("details");
  await expect(entries).toHaveCount(11);
  for (const entry of await entries.all()) {
    const answer = entry.locator("p");
    await expect(answer).toBeHidden();
    await entry.locator("summary").click();
    await expect(answer).toBeVisible();
    await entry.locator("summary").click();
    await expect(answer).toBeHidden();
  }
  // And by keyboard.
  const first = entries.first();
  await first.locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(first.locator("p")).toBeVisible();
});

test("the home page describes the organisation and the 11 questions as JSON-LD", async ({ page }) => {
  await page.goto(app.url("/"));
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const graph = blocks.flatMap(
    (block) => (JSON.parse(block) as { "@graph": { "@type": string; mainEntity?: { "@type": string }[] }[] })["@graph"],
  );
  expect(graph.some((node) => node["@type"] === "EducationalOrganization")).toBe(true);
  const faq = graph.find((node) => node["@type"] === "FAQPage");
  expect(faq?.mainEntity).toHaveLength(11);
  expect(faq?.mainEntity?.every((entry) => entry["@type"] === "Question")).toBe(true);
});

test("/countries lists the 11 country guides with their status", async ({ page }) => {
  await page.goto(app.url("/countries"));
  const countries = page.getByRole("list", { name: "Country guides" }).getByTestId("country");
  await expect(countries).toHaveCount(11);
  await expect(page.getByText("Launched", { exact: true })).toHaveCount(6);
  await expect(page.getByText("Upcoming", { exact: true })).toHaveCount(5);
  await page.getByRole("link", { name: "Read the Finland guide" }).click();
  await expect(page).toHaveURL(/\/countries\/finland$/);
});

test("/countries/finland shows the seven Finland sponsor documents and the spec's costs", async ({ page }) => {
  await page.goto(app.url("/countries/finland"));
  const documents = page.getByTestId("sponsor-documents").locator("li");
  await expect(documents).toHaveText([
    "Trade License",
    "TIN/BIN",
    "TAX Certificate",
    "Financial statement",
    "NID",
    "Sponsorship Declaration",
    "Relationship Affidavit",
  ]);
  await expect(page.getByRole("cell", { name: "8,000–15,000 EUR" })).toBeVisible();
  // The guide offers a conversation (our booking page, no scheduling page being set), applying and the finder.
  const talk = talkToUs(undefined);
  await expect(page.getByRole("main").getByRole("link", { name: talk.label, exact: true })).toHaveAttribute("href", talk.href);
  for (const path of ["/apply", "/find-university"])
    await expect(page.getByRole("main").locator(`a[href="${path}"]`).first()).toBeVisible();
});

test("an unknown country answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto(app.url("/countries/atlantis"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("each destination guide shows its own universities, each linked to its page in the catalogue", async ({ page }) => {
  await page.goto(app.url("/uk-details"));
  const universities = page.locator("#universities li");
  expect(await universities.count()).toBeGreaterThanOrEqual(6);
  await expect(universities.getByRole("link")).toHaveCount(await universities.count());
  await universities.getByRole("link", { name: "Queen's University Belfast" }).click();
  await expect(page).toHaveURL(/\/university\/queens-university-belfast$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Queen's University Belfast");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 2, name: "Why study in the United Kingdom" })).toBeVisible();
});

test("Book Free Class opens the contact form with the request written", async ({ page }) => {
  await page.goto(app.url("/skills"));
  await page.getByRole("link", { name: "Book Free Class" }).click();
  await expect(page).toHaveURL(/\/contact\?message=/);
  await expect(page.getByLabel("Message")).toHaveValue(/book a free IELTS class/);
  await page.goto(app.url("/"));
  await expect(page.getByRole("link", { name: "Book Free Class" })).toHaveAttribute("href", /^\/contact\?message=/);
});

test("the sitemap lists every public page and robots.txt keeps crawlers out of the dashboard and the API", async ({ request }) => {
  const sitemap = await request.get(app.url("/sitemap.xml"));
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const { path } of publicPages) {
    expect(xml).toContain(`${path}</loc>`);
    expect(xml).toContain(`/bn${path === "/" ? "" : path}</loc>`);
  }
  // Every page in both languages, each naming its twin.
  expect(xml.match(/<loc>[^<]*\/countries\/[^<]+<\/loc>/g)).toHaveLength(22);
  expect(xml.match(/<loc>[^<]*\/bn\/countries\/[^<]+<\/loc>/g)).toHaveLength(11);
  expect(xml).toContain('hreflang="bn" href="');
  expect(xml).toContain("/university/queens-university-belfast</loc>");
  const robots = await (await request.get(app.url("/robots.txt"))).text();
  expect(robots).toContain("Disallow: /dashboard");
  expect(robots).toContain("Disallow: /bn/dashboard");
  expect(robots).toContain("Disallow: /api");
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
});

test("anonymous visitors get cacheable public pages; the staff inbox is never cached", async ({ request }) => {
  const home = await request.get(app.url("/"));
  expect(home.headers()["cache-control"]).toBe("public, s-maxage=60, stale-while-revalidate=300");
  expect(home.headers().vary).toContain("Cookie");
  expect(home.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  const inbox = await request.get(app.url("/dashboard/messages"), { maxRedirects: 0 });
  expect(inbox.status()).toBe(302);
  expect(inbox.headers()["cache-control"] ?? "").not.toContain("public");
});

test("cached pages run their scripts under the hash-based CSP: a client navigation works", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(app.url("/countries"));
  await page.goto(app.url("/countries"));
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole("link", { name: "Read the Japan guide" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Japan" })).toBeVisible();
  // A client-side navigation keeps the document: only possible once React has hydrated under the CSP.
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);
  expect(violations).toEqual([]);
});
