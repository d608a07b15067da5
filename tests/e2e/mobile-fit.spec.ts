import { menuFor } from "~/lib/dashboard-menu";
import type { Role } from "~/lib/roles";
import { expectNoSidewaysScroll, fitWidths, type SeedUser, signInAs, testWithAppPerWorker, visibleMenuControls } from "./app";

// Every page a signed-in person reaches, for each role, at phone and tablet widths (public pages
// are checked the same way inside the accessibility spec's visits): no sideways scrolling, and one
// menu control (on a dashboard page at phone width, the dashboard's, which holds the site's links).
const roles: Role[] = ["student", "networking", "consultant", "manager", "admin"];
const people: SeedUser[] = roles.map((role) => ({
  email: `fit.${role}@onward.test`,
  password: `fit ${role} passphrase`,
  name: `Fit ${role[0]?.toUpperCase()}${role.slice(1)} With A Rather Long Name`,
  role,
}));

const test = testWithAppPerWorker({ users: people });
test.describe.configure({ mode: "parallel" });

for (const person of people) {
  test(`every page opened as ${person.role} fits 320, 375 and 768 px without scrolling sideways, with one menu control`, async ({
    page,
    app,
  }) => {
    await signInAs(page, app.url("/login?redirectTo=/dashboard"), person);
    const paths = [
      "/",
      ...menuFor(person.role).map((item) => item.to),
      `/dashboard/edit-user-profile/${encodeURIComponent(person.email)}`,
      "/apply",
      "/networking",
      "/book-appointment",
    ];
    for (const path of paths) {
      const response = await page.goto(app.url(path));
      test.expect(response?.status(), path).toBe(200);
      await expectNoSidewaysScroll(page);
      for (const width of fitWidths) {
        await page.setViewportSize({ width, height: 800 });
        test.expect.soft(await visibleMenuControls(page).count(), `menu controls on ${path} at ${width} px`).toBe(1);
      }
    }
  });
}
