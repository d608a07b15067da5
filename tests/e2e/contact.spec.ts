import { expect, type Page, test } from "@playwright/test";
import { setUpApp } from "./app";

const app = setUpApp();

const SUCCESS = "We got your message. We will contact with you as soon as possible";

async function fillContactForm(page: Page, values: Partial<Record<"Name" | "Phone" | "Email" | "Message", string>>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

function checkContactForm() {
  test("a complete message is sent and the success message shows", async ({ page }) => {
    await page.goto(app.url("/contact"));
    await fillContactForm(page, {
      Name: "Ayesha Rahman",
      Phone: "+880 1712 345678",
      Email: "ayesha@example.com",
      Message: "I want to study in Finland.",
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("toast")).toHaveText(new RegExp(SUCCESS));
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  });

  test("missing fields answer 'All fields are required', mark each field and keep what was typed", async ({ page }) => {
    await page.goto(app.url("/contact"));
    await fillContactForm(page, { Name: "Ayesha Rahman", Message: "Hello <b>there</b>" });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "All fields are required" })).toBeVisible();
    for (const label of ["Phone", "Email"]) {
      const field = page.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription("This field is required");
    }
    await expect(page.getByLabel("Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ayesha Rahman");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Hello <b>there</b>");
  });
}

test.describe("with JavaScript", () => {
  checkContactForm();

  test("empty fields are reported before anything is sent, in the server's words", async ({ page }) => {
    await page.goto(app.url("/contact"));
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    // The form's schema loads when it is first focused; a click before it arrives goes to the server (the next test).
    await Promise.all([
      page.waitForResponse(/\/assets\/validators-[^/]*\.js$/),
      fillContactForm(page, { Name: "Ayesha Rahman", Phone: "01712345678" }),
    ]);
    // The validators' module imports the schemas' own chunks: they must all have arrived too.
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "All fields are required" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Message", { exact: true })).toHaveAccessibleDescription(/This field is required/);
    expect(posts).toEqual([]);
  });

  test("sent before the form's schema has loaded, the server's refusal puts the person on the first field it marked", async ({ page }) => {
    await page.route(/\/assets\/validators-[^/]*\.js$/, (route) => route.abort());
    await page.goto(app.url("/contact"));
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await fillContactForm(page, { Name: "Ayesha Rahman", Phone: "01712345678" });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "All fields are required" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ayesha Rahman");
  });

  test("a malformed e-mail and phone are marked with what is wrong", async ({ page }) => {
    await page.goto(app.url("/contact"));
    await fillContactForm(page, { Name: "Rafi", Phone: "call me", Email: "rafi-at-example", Message: "Hello" });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription("Enter a valid e-mail address");
    await expect(page.getByLabel("Phone", { exact: true })).toHaveAccessibleDescription(/valid phone number/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  checkContactForm();

  test("the form posts to /contact and a success is a 303 redirect", async ({ page }) => {
    await page.goto(app.url("/contact"));
    await expect(page.locator("form[method=post]")).toHaveAttribute("action", "/contact");
    const [response] = await Promise.all([
      page.waitForResponse((candidate) => candidate.request().method() === "POST"),
      (async () => {
        await fillContactForm(page, { Name: "Tanvir", Phone: "01712345678", Email: "tanvir@example.com", Message: "Canada, please." });
        await page.getByRole("button", { name: "Submit" }).click();
      })(),
    ]);
    expect(response.status()).toBe(303);
    await expect(page.getByText(SUCCESS)).toBeVisible();
  });

  test("an IELTS enrolment request is acknowledged", async ({ page }) => {
    await page.goto(app.url("/ielts-details"));
    const form = page.locator("#enroll");
    await form.getByLabel("Name", { exact: true }).fill("Nadia");
    await form.getByLabel("Phone", { exact: true }).fill("01812345678");
    await form.getByLabel("Email", { exact: true }).fill("nadia@example.com");
    await form.getByRole("button", { name: "Enroll Now" }).click();
    await expect(page.getByTestId("toast")).toContainText("We got your request");
  });
});

test("too many messages from one address answer 429 with a readable message", async ({ request }) => {
  let last = 0;
  let body = "";
  for (let attempt = 0; attempt < 8 && last !== 429; attempt++) {
    const response = await request.post(app.url("/contact"), {
      form: { name: "Bot", phone: "01712345678", email: "bot@example.com", message: `Attempt ${attempt}` },
      headers: { Origin: app.url("").replace(/\/$/, "") },
      maxRedirects: 0,
    });
    last = response.status();
    body = await response.text();
  }
  expect(last).toBe(429);
  expect(body).toContain("Too many attempts. Please wait");
});
