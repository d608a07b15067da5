import { expect, test } from "vitest";
import { menuFor } from "./dashboard-menu";
import { featureAvailable } from "./features";
import { stepsFor, talkToUs } from "./next-steps";

const none = { universities: false, applications: false, booking: false, networking: false };
const all = { universities: true, applications: true, booking: true, networking: true };

test("talking to us: the external scheduling page when set, our booking page once it answers, else the contact form", () => {
  expect(talkToUs("https://cal.example/onward", none)).toEqual({
    href: "https://cal.example/onward",
    label: "Book a Call",
    external: true,
  });
  expect(talkToUs(undefined, { ...none, booking: true })).toEqual({
    href: "/book-appointment",
    label: "Book a Call",
    external: false,
  });
  expect(talkToUs(undefined)).toEqual({ href: "/book-appointment", label: "Book a Call", external: false });
  expect(talkToUs(undefined, none)).toEqual({ href: "/contact", label: "Talk to Us", external: false });
});

test("a guide offers applying and the finder only when those features answer, in the order it asks", () => {
  const guide = ["applications", "universities"] as const;
  expect(stepsFor([...guide], none)).toEqual([]);
  expect(stepsFor([...guide], all).map((step) => step.href)).toEqual(["/apply", "/find-university"]);
  expect(stepsFor(["universities", "applications"], all).map((step) => step.href)).toEqual(["/find-university", "/apply"]);
  expect(stepsFor([...guide], { ...none, universities: true }).map((step) => step.label)).toEqual(["Find a university"]);
  expect(stepsFor(["booking"], all)).toEqual([]);
});

test("the dashboard menu marks the pages of features that do not answer yet, and only those", () => {
  const manager = menuFor("manager");
  const soon = manager.filter((item) => item.soon).map((item) => item.to);
  const featurePages = {
    "/dashboard/applications": featureAvailable.applications,
    "/dashboard/add-university": featureAvailable.universities,
    "/dashboard/add-new-consultant": featureAvailable.booking,
    "/dashboard/consultants": featureAvailable.booking,
    "/dashboard/add-new-networking-member": featureAvailable.networking,
    "/dashboard/manage-networking-member": featureAvailable.networking,
  };
  expect(soon).toEqual(
    Object.entries(featurePages)
      .filter(([, available]) => !available)
      .map(([to]) => to),
  );
  expect(manager.find((item) => item.to === "/dashboard/messages")?.soon).toBe(false);
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
