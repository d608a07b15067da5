import { expect, type Page, test } from "@playwright/test";
import { applicationForm } from "../support/applications";
import { type SeedUser, setUpAppWithMail, signInAs } from "./app";
import { consultantWithSlots } from "./consultants";

// What a screen reader hears (issue 31, item 3): the names, roles and states of the parts of five pages that
// matter, as Playwright reads the accessibility tree (inline ARIA snapshots: a snapshot lists some of a part's
// children, in order, and fails when one of them, its name or its state is missing), and where those snapshots
// do not carry a state (required; a <summary>'s expanded; a dialog's modality), as Chromium's own
// accessibility tree gives it to screen readers. One visit per page.

const manager: SeedUser = { email: "tree.manager@onward.test", password: "tree manager pass", name: "Tanvir Manager", role: "manager" };
const consultant: SeedUser = {
  email: "tree.consultant@onward.test",
  password: "tree consultant pass",
  name: "Rumana Akter",
  role: "student",
};
const student: SeedUser = { email: "tree.student@onward.test", password: "tree student pass", name: "Nusrat Jahan", role: "student" };

const { app } = setUpAppWithMail({ users: [manager, consultant, student] });

type AxNode = { role: string; name: string; states: Record<string, unknown> };

/** Chromium's accessibility tree of the page (what it hands screen readers): each node's role, name and states. */
async function accessibilityTree(page: Page): Promise<AxNode[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    return nodes
      .filter((node) => !node.ignored)
      .map((node) => ({
        role: String(node.role?.value ?? ""),
        name: String(node.name?.value ?? ""),
        states: Object.fromEntries((node.properties ?? []).map((property) => [property.name, property.value.value])),
      }));
  } finally {
    await cdp.detach();
  }
}

/** The names of the nodes of `role` whose state `state` is `value`, sorted (the tree's list is not in the page's order). */
const named = (tree: AxNode[], role: string, state: string, value: unknown) =>
  tree
    .filter((node) => node.role === role && node.states[state] === value)
    .map((node) => node.name)
    .sort();

test("the home page: a skip link, the banner with the main navigation, one h1 in main, the footer, and a closed FAQ", async ({ page }) => {
  await page.goto(app.url("/"));
  await expect(page.locator("body")).toMatchAriaSnapshot(`
    - link "Skip to content"
    - banner:
      - navigation "Main":
        - link "Onward home"
        - group:
          - list:
            - listitem:
              - link "Home"
            - listitem:
              - group: Study Destination
            - listitem:
              - link "Find University"
            - listitem:
              - link "Apply"
            - listitem:
              - link "Book Appointment"
            - listitem:
              - link "Contact"
          - link "বাংলায় পড়ুন (Read in Bangla)"
          - link "Login"
          - link "Sign Up"
    - main:
      - heading "Move Student To Their Dream Country" [level=1]
      - region "Our services":
        - heading "Our services" [level=2]
      - region "Frequently asked questions":
        - heading "Frequently asked questions" [level=2]
        - group: How does Onward work?
    - contentinfo:
      - heading "Contact" [level=2]
      - heading "Quick Links" [level=2]
  `);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  for (const landmark of ["banner", "main", "contentinfo"] as const) await expect(page.getByRole(landmark)).toHaveCount(1);
  // The status region toasts are written into is there, empty, before any toast: a screen reader knows it already.
  await expect(page.getByTestId("toast-region")).toHaveAttribute("role", "status");
  await expect(page.getByTestId("toast-region")).toBeEmpty();

  // A <summary> is a disclosure a screen reader reads as collapsed or expanded: the site's Study Destination
  // menu and every FAQ question start collapsed; a question opened says so.
  const faq = page.getByTestId("faq");
  // (Each question's turning "+" is hidden from screen readers.)
  const questions = await faq.locator("summary > span:not([aria-hidden])").allTextContents();
  expect(questions.length).toBeGreaterThan(5);
  expect(named(await accessibilityTree(page), "DisclosureTriangle", "expanded", false)).toEqual(["Study Destination", ...questions].sort());
  await faq.locator("summary").first().press("Enter");
  expect(named(await accessibilityTree(page), "DisclosureTriangle", "expanded", true)).toEqual([questions[0]]);
});

test("the finder: a search landmark of labelled filters with their choices, and a list of universities whose hearts say whether they are pressed", async ({
  page,
}) => {
  await signInAs(page, app.url("/login?redirectTo=/find-university?country=Japan%26type=Private%26sort=name"), student);
  await expect(page.getByRole("search", { name: "Find a university" })).toMatchAriaSnapshot(`
    - search "Find a university":
      - searchbox "University"
      - combobox "Country":
        - option "All countries" [selected=false]
        - option "Japan" [selected]
      - combobox "Filter By Type":
        - option "Public and private" [selected=false]
        - option "Public" [selected=false]
        - option "Private" [selected]
      - combobox "My IELTS score":
        - option "Any" [selected]
      - spinbutton "First year at most (BDT)"
      - spinbutton "Our first-year budget (BDT)"
      - combobox "Sort by":
        - option "Best fit for me" [selected=false]
        - option "Name" [selected]
      - checkbox "With scholarships" [checked=false]
      - button "Search"
  `);
  const results = page.getByRole("list", { name: "Universities" });
  await expect(results).toMatchAriaSnapshot(`
    - list "Universities":
      - listitem:
        - heading "Keio University" [level=2]
        - paragraph: Tokyo, Japan
        - button "Shortlist Keio University" [pressed=false]
        - term: First year
        - definition: /JPY [\\d,]+ \\(≈ BDT [\\d,]+\\)/
        - link "View Details of Keio University"
      - listitem:
        - heading "Waseda University" [level=2]
        - button "Shortlist Waseda University" [pressed=false]
  `);
  // The heart is a toggle button: pressed, it says so (the shortlist's own test is in keyboard.spec.ts).
  await results.getByRole("button", { name: "Shortlist Keio University" }).click();
  await expect(page.getByTestId("toast")).toContainText("Keio University is on your shortlist");
  await expect(results).toMatchAriaSnapshot(`
    - listitem:
      - heading "Keio University" [level=2]
      - button "Shortlist Keio University" [pressed]
    - listitem:
      - heading "Waseda University" [level=2]
      - button "Shortlist Waseda University" [pressed=false]
  `);
  // Every other heart says it is not pressed (a toggle), rather than being a plain button.
  const tree = await accessibilityTree(page);
  const hearts = await results.getByRole("button", { name: /^Shortlist / }).count();
  expect(named(tree, "button", "pressed", "true")).toEqual(["Shortlist Keio University"]);
  expect(named(tree, "button", "pressed", "false").filter((name) => name.startsWith("Shortlist "))).toHaveLength(hearts - 1);
});

test("the apply form: three named groups of labelled fields, required ones said to be, the 15 documents, and errors tied to their fields", async ({
  page,
}) => {
  await signInAs(page, app.url("/login?redirectTo=/apply"), student);
  const form = page
    .getByRole("main")
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Submit application" }) });
  await expect(form).toMatchAriaSnapshot(`
    - group "Where you want to study":
      - combobox "Destination country":
        - option "Choose a country…" [selected]
        - option "Germany" [selected=false]
      - combobox "University"
      - paragraph: Choose a suggestion or type the name
    - group "About you and your family":
      - textbox "Your full name": ${student.name}
      - textbox "Address"
      - textbox "Father's name"
      - textbox "Mother's name"
      - textbox "Sponsor's name"
      - paragraph: Who pays for your studies
    - group "Documents":
      - paragraph: /All 15 are required/
      - button "Passport-size picture"
      - button "Bank statement"
      - button "Current bill copy"
    - button "Submit application"
  `);
  // The 15 documents are file inputs, each named by its label (Chromium's role for them is "button").
  await expect(form.getByRole("group", { name: "Documents" }).getByRole("button")).toHaveCount(15);
  const tree = await accessibilityTree(page);
  // Required, as a screen reader says it. (Chromium does not pass `required` on for a <select>; the country's
  // select carries the attribute, and a refusal names it below.)
  expect(named(tree, "textbox", "required", true)).toEqual([
    "Address",
    "Father's name",
    "Mother's name",
    "Sponsor's name",
    "Your full name",
  ]);
  expect(named(tree, "combobox", "required", true)).toEqual(["University"]);
  await expect(form.getByRole("combobox", { name: "Destination country" })).toHaveJSProperty("required", true);

  // Sent empty: each field in error is invalid and described by its error, and focus is on the first of them.
  await page.getByRole("button", { name: "Submit application" }).click();
  const country = form.getByRole("combobox", { name: "Destination country" });
  await expect(country).toBeFocused();
  await expect(form).toMatchAriaSnapshot(`
    - group "Where you want to study":
      - combobox "Destination country" [invalid]
      - combobox "University" [invalid]
    - group "About you and your family":
      - textbox "Your full name" [invalid=false]
      - textbox "Address" [invalid]
  `);
  await expect(country).toHaveAccessibleDescription("This field is required");
  await expect(form.getByRole("textbox", { name: "Address" })).toHaveAccessibleDescription("This field is required");
  await expect(form.getByRole("button", { name: "Bank statement" })).toHaveAttribute("aria-invalid", "true");
});

test("the booking dialog: a modal dialog named for the consultant, its slot choice, the student's details and its buttons", async ({
  page,
  browser,
}) => {
  await (await consultantWithSlots(browser, app, { manager, consultant, daysAhead: 3, times: ["10:00", "11:00"] })).context().close();
  await signInAs(page, app.url("/login?redirectTo=/book-appointment?country=Finland"), student);
  await page.getByRole("link", { name: `Book Appointment with ${consultant.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Book Appointment with ${consultant.name}` });
  await expect(dialog.getByRole("combobox", { name: "Slot" }).getByRole("option")).toHaveCount(3);
  await expect(dialog).toMatchAriaSnapshot(`
    - dialog "Book Appointment with ${consultant.name}":
      - heading "Book Appointment with ${consultant.name}" [level=2]
      - button "Close"
      - combobox "Slot":
        - option "Select a Slot" [selected]
        - option /10:00 – 10:30 \\(Asia\\/Dhaka\\)$/ [selected=false]
        - option /11:00 – 11:30 \\(Asia\\/Dhaka\\)$/ [selected=false]
      - paragraph: Times are in your time zone, Asia/Dhaka (change it in your profile).
      - textbox "Name": ${student.name}
      - textbox "Email": ${student.email}
      - textbox "Phone"
      - textbox "Address"
      - button "Book Appointment"
  `);
  await expect(dialog.getByRole("combobox", { name: "Slot" })).toHaveAccessibleDescription(/Times are in your time zone/);
  // Modal: a screen reader reads only the dialog while it is open.
  const tree = await accessibilityTree(page);
  expect(tree.filter((node) => node.role === "dialog").map((node) => [node.name, node.states.modal])).toEqual([
    [`Book Appointment with ${consultant.name}`, true],
  ]);
  expect(named(tree, "textbox", "required", true)).toEqual(["Address", "Email", "Name", "Phone"]);
  // A slot chosen is the selected option.
  await dialog.getByRole("combobox", { name: "Slot" }).selectOption({ index: 2 });
  await expect(dialog.getByRole("combobox", { name: "Slot" })).toMatchAriaSnapshot(`
    - combobox "Slot":
      - option "Select a Slot" [selected=false]
      - option /10:00/ [selected=false]
      - option /11:00/ [selected]
  `);
});

test("a staff application page: the documents with their states and review controls, and the status buttons with the one pressed", async ({
  page,
  browser,
}) => {
  // The student applies with the whole form in one post; staff accept one document, ask for a new copy of
  // another and set the status, each through the page's own forms, posted.
  const applicant = await (await browser.newContext()).newPage();
  await signInAs(applicant, app.url("/login?redirectTo=/dashboard/my-applications"), student);
  const applied = await applicant.request.post(app.url("/apply"), { multipart: await applicationForm(), maxRedirects: 0 });
  expect(applied.status()).toBe(303);
  const id = (applied.headers().location ?? "").split("/").pop() ?? "";
  await applicant.context().close();
  await signInAs(page, app.url("/login?redirectTo=/dashboard/applications"), manager);
  const posts: Record<string, string>[] = [
    { intent: "review-document", field: "passport", decision: "accepted" },
    { intent: "review-document", field: "bankStatement", decision: "needs-new-copy", reason: "The last page is missing." },
    { status: "processing" },
  ];
  for (const form of posts) {
    const posted = await page.request.post(app.url(`/dashboard/applications/${id}`), { form, maxRedirects: 0 });
    expect(posted.status(), JSON.stringify(form)).toBe(303);
  }

  await page.goto(app.url(`/dashboard/applications/${id}?review=bankStatement`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Application of ${student.name}`);
  await expect(page.getByRole("region", { name: "Documents" })).toMatchAriaSnapshot(`
    - heading "Documents" [level=2]
    - list "Documents":
      - listitem:
        - link /^Passport-size picture/
        - text: Waiting for review
        - link "Review the Passport-size picture"
      - listitem:
        - link /^Passport .*passport\\.png/
        - text: Accepted
        - link "Review the Passport"
      - listitem:
        - link /Bank statement bankStatement\\.pdf/
        - text: Needs a new copy
        - paragraph: The last page is missing.
        - textbox "Reason for a new copy": The last page is missing.
        - button "Accept" [pressed=false]
        - button "Needs a new copy" [pressed]
      - listitem:
        - link /^Current bill copy/
        - text: Waiting for review
        - link "Review the Current bill copy"
  `);
  await expect(page.getByRole("textbox", { name: "Reason for a new copy" })).toHaveAccessibleDescription("The student reads this.");
  const status = page.getByRole("heading", { name: "Status", level: 2 }).locator("..");
  await expect(status).toMatchAriaSnapshot(`
    - heading "Status" [level=2]
    - textbox "Note for the timeline (optional; the student sees it)"
    - button "Process" [pressed]
    - button "Reject" [pressed=false]
    - button "Complete" [pressed=false]
    - button "Add note"
  `);
  // The status buttons are toggles (aria-pressed), the one of the status the application has pressed.
  const tree = await accessibilityTree(page);
  expect(named(tree, "button", "pressed", "true")).toEqual(["Needs a new copy", "Process"]);
  expect(named(tree, "button", "pressed", "false")).toEqual(["Accept", "Complete", "Reject"]);
  await expect(page.getByRole("main").locator("dl")).toMatchAriaSnapshot(`
    - term: Status
    - definition: Processing
  `);
});
