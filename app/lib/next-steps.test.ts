import { expect, test } from "vitest";
import { menuFor } from "./dashboard-menu";
import { talkToUs } from "./next-steps";

test("talking to us: the external scheduling page when staff set one, else our booking page", () => {
  expect(talkToUs("https://cal.example/onward")).toEqual({ href: "https://cal.example/onward", label: "Book a Call", external: true });
  expect(talkToUs(undefined)).toEqual({ href: "/book-appointment", label: "Book a Call", external: false });
});

test("a consultant's pages are in a consultant's menu, and in a manager's only when they are a consultant too; My Bookings is everyone's", () => {
  const paths = (entries: ReturnType<typeof menuFor>) => entries.map((item) => item.to);
  const consultantPages = ["/dashboard/my-appointments", "/dashboard/appointment-time"];
  expect(paths(menuFor("consultant"))).toEqual(expect.arrayContaining(consultantPages));
  expect(paths(menuFor("manager"))).not.toEqual(expect.arrayContaining([consultantPages[0]]));
  expect(paths(menuFor("manager", { consultantProfile: true }))).toEqual(expect.arrayContaining(consultantPages));
  expect(paths(menuFor("student"))).toContain("/dashboard/my-bookings");
  expect(paths(menuFor("student"))).not.toContain("/dashboard/consultants");
  expect(paths(menuFor("manager"))).toContain("/dashboard/consultants");
});
