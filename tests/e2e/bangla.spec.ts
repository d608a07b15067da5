import type { Page } from "@playwright/test";
import { testWithAppPerWorker } from "./app";
import { bengali } from "./bangla-text";

// The language switch, the negotiation of /, the Bangla font and the refusals; every public page in Bangla is checked
// beside its English page in accessibility.spec.ts. Tests spread over the workers; each worker runs one app.
const test = testWithAppPerWorker();
const { expect } = test;
test.describe.configure({ mode: "parallel" });

/** The font files a page fetches, from a page of its own (nothing cached from another). */
function watchFonts(page: Page): string[] {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/fonts/")) fonts.push(new URL(request.url()).pathname);
  });
  return fonts;
}

test("a Bangla page's links stay in Bangla, and the browser loads the Bangla font for it", async ({ page, app }) => {
  const fonts = watchFonts(page);
  await page.goto(app.url("/bn"));
  const preloaded = page.locator('link[rel="preload"][as="font"]');
  expect(
    await preloaded.evaluateAll((links) => links.map((link) => [link.getAttribute("href"), link.getAttribute("fetchpriority")])),
  ).toEqual([
    ["/fonts/noto-sans-bengali-regular.woff2", "low"],
    ["/fonts/noto-sans-bengali-bold.woff2", "low"],
  ]);
  await page.getByRole("navigation").first().getByRole("link", { name: "যোগাযোগ", exact: true }).first().click();
  await expect(page).toHaveURL(app.url("/bn/contact"));
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bengali);
  expect(fonts).toContain("/fonts/noto-sans-bengali-regular.woff2");
});

test("an English page neither preloads nor fetches the Bangla font, though its language link is in Bangla", async ({ page, app }) => {
  const fonts = watchFonts(page);
  await page.goto(app.url("/about"), { waitUntil: "networkidle" });
  await expect(page.getByRole("link", { name: /Read in Bangla/ }).first()).toHaveText("বাংলা");
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
  expect(fonts).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the language switch opens the same page in the other language and / remembers the choice", async ({ page, app }) => {
    await page.goto(app.url("/countries/usa"));
    await page
      .getByRole("link", { name: /Read in Bangla/ })
      .first()
      .click();
    await expect(page).toHaveURL(app.url("/bn/countries/usa"));
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await page.goto(app.url("/"));
    await expect(page).toHaveURL(app.url("/bn"));

    await page
      .getByRole("link", { name: /Read in English/ })
      .first()
      .click();
    await expect(page).toHaveURL(app.url("/"));
    await page.goto(app.url("/"));
    await expect(page).toHaveURL(app.url("/"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test.describe("a browser that prefers Bangla", () => {
  test.use({ locale: "bn-BD" });

  test("is sent from / to the Bangla home page on its first visit", async ({ page, app }) => {
    const response = await page.goto(app.url("/"));
    await expect(page).toHaveURL(app.url("/bn"));
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  });
});

test("the Bangla contact form posted empty answers 400 with the page and its messages in Bangla", async ({ request, app }) => {
  const response = await request.post(app.url("/bn/contact"), {
    form: { name: "", phone: "", email: "", message: "" },
    headers: { Origin: app.url("").replace(/\/$/, "") },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toMatch(/<html lang="bn"/);
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  expect(main).toMatch(bengali);
  expect(main).not.toContain("This field is required");
  expect(main).not.toContain("All fields are required");
});

test("an unknown language prefix is a 404, not English under the wrong language", async ({ request, app }) => {
  for (const path of ["/fr/about", "/en/about", "/bn/no-such-page"]) {
    const response = await request.get(app.url(path), { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  expect(await (await request.get(app.url("/bn/no-such-page"))).text()).toMatch(/<html lang="bn"/);
});
