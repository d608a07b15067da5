import { expect, type Page, test } from "@playwright/test";
import { setUpApp } from "./app";

const app = setUpApp();

/** The pages the Contract names: each has a Bangla twin found through its hreflang link. */
const contractPages = ["/", "/countries/usa", "/find-university", "/contact", "/login", "/signup", "/ielts-details", "/usa-details"];

const bengali = /[\u0980-\u09FF]/;

/** The share of letters in an element's text that are Bengali. */
async function bengaliShare(page: Page, selector: string): Promise<number> {
  const text = (await page.locator(selector).textContent()) ?? "";
  const letters = [...text].filter((char) => /\p{L}|\p{M}/u.test(char));
  return letters.filter((char) => bengali.test(char)).length / Math.max(1, letters.length);
}

test("each page names its Bangla twin, which answers in Bangla: lang, navigation, heading, body and footer", async ({ page }) => {
  test.setTimeout(180_000); // two visits per page
  for (const path of contractPages) {
    await page.goto(app.url(path));
    await expect(page.locator("html"), path).toHaveAttribute("lang", "en");
    // The links are absolute, on APP_URL's host (localhost here, while the tests use 127.0.0.1): compared by path.
    const twin = new URL((await page.locator('link[rel="alternate"][hreflang="bn"]').getAttribute("href")) ?? "").pathname;
    expect(twin, path).toBe(path === "/" ? "/bn" : `/bn${path}`);
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]'), path).toHaveAttribute("href", new RegExp(`:\\d+${path}$`));

    const response = await page.goto(app.url(twin));
    expect(response?.status(), twin).toBe(200);
    await expect(page.locator("html"), path).toHaveAttribute("lang", "bn");
    await expect(page.locator('link[rel="alternate"][hreflang="en"]'), path).toHaveAttribute("href", new RegExp(`:\\d+${path}$`));
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveText(bengali);
    await expect(page.getByRole("navigation").first(), path).toContainText("বিশ্ববিদ্যালয় খুঁজুন");
    await expect(page.locator("footer"), path).toContainText("দরকারি লিংক");
    expect(await bengaliShare(page, "main"), `${path}: Bengali share of the page's text`).toBeGreaterThan(0.5);
    expect(await page.title(), path).toMatch(bengali);
  }
});

/** The font files a page fetches, from a page of its own (nothing cached from another). */
function watchFonts(page: Page): string[] {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/fonts/")) fonts.push(new URL(request.url()).pathname);
  });
  return fonts;
}

test("a Bangla page's links stay in Bangla, and the browser loads the Bangla font for it", async ({ page }) => {
  const fonts = watchFonts(page);
  await page.goto(app.url("/bn"));
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute("href", "/fonts/noto-sans-bengali-regular.woff2");
  await page.getByRole("navigation").first().getByRole("link", { name: "যোগাযোগ", exact: true }).first().click();
  await expect(page).toHaveURL(app.url("/bn/contact"));
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bengali);
  expect(fonts).toContain("/fonts/noto-sans-bengali-regular.woff2");
});

test("an English page neither preloads nor fetches the Bangla font, though its language link is in Bangla", async ({ page }) => {
  const fonts = watchFonts(page);
  await page.goto(app.url("/about"), { waitUntil: "networkidle" });
  await expect(page.getByRole("link", { name: /Read in Bangla/ }).first()).toHaveText("বাংলা");
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
  expect(fonts).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the language switch opens the same page in the other language and / remembers the choice", async ({ page }) => {
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

  test("is sent from / to the Bangla home page on its first visit", async ({ page }) => {
    const response = await page.goto(app.url("/"));
    await expect(page).toHaveURL(app.url("/bn"));
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  });
});

test("the Bangla contact form posted empty answers 400 with the page and its messages in Bangla", async ({ request }) => {
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

test("an unknown language prefix is a 404, not English under the wrong language", async ({ request }) => {
  for (const path of ["/fr/about", "/en/about", "/bn/no-such-page"]) {
    const response = await request.get(app.url(path), { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
  expect(await (await request.get(app.url("/bn/no-such-page"))).text()).toMatch(/<html lang="bn"/);
});
