import { expect, test } from "vitest";
import { requestStorage } from "~/.server/request-context";
import { errorCopy } from "./error-copy";

/** What React Router hands an ErrorBoundary for a thrown `data(message, { status })`. */
const thrown = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

const GENERIC = "Something went wrong, please try again later. If it keeps happening, contact us and mention the request id below.";

test("in the dashboard a refusal says its own words, and the generic line when it has none", () => {
  expect(errorCopy(thrown(403, "Only an admin can edit a manager's or an admin's profile."), "dashboard")).toEqual({
    status: 403,
    title: "Not allowed",
    message: "Only an admin can edit a manager's or an admin's profile.",
    showRequestId: false,
  });
  expect(errorCopy(thrown(403, null), "dashboard").message).toBe("Your account does not have access to this page.");
  expect(errorCopy(thrown(404, "There is no such user."), "dashboard")).toEqual({
    status: 404,
    title: "Not found",
    message: "There is no such user.",
    showRequestId: false,
  });
  expect(errorCopy(thrown(404, null), "dashboard").message).toBe("We could not find that page.");
  expect(errorCopy(thrown(400, "Choose a role"), "dashboard")).toMatchObject({
    status: 400,
    title: "That did not work",
    message: "Choose a role",
  });
});

test("a whole page says the same for every 404 and 403, and a refusal's words otherwise", () => {
  expect(errorCopy(thrown(404, "There is no such user."))).toEqual({
    status: 404,
    title: "Page not found",
    message: "We could not find that page. It may have moved, or the address may have a typo.",
    showRequestId: false,
  });
  expect(errorCopy(thrown(403, "Only an admin can do that."))).toMatchObject({
    title: "Not allowed",
    message: "Your account does not have access to this page.",
  });
  expect(errorCopy(thrown(409, "This booking is cancelled."))).toMatchObject({
    status: 409,
    title: "That did not work",
    message: "This booking is cancelled.",
  });
  expect(errorCopy({ status: 400, statusText: "Bad Request", internal: false, data: "" }).message).toBe("Bad Request");
});

test("a fault is a generic message with the request id, never the fault's own text, wherever it is shown", () => {
  for (const place of ["page", "dashboard"] as const) {
    expect(errorCopy(new Error("connection to database lost"), place)).toEqual({
      status: 500,
      title: "Something went wrong",
      message: GENERIC,
      showRequestId: true,
    });
    expect(errorCopy(thrown(503, "down"), place)).toMatchObject({ status: 503, title: "Something went wrong", message: GENERIC });
  }
});

test("on a Bangla page the error's own words are in Bangla, and a refusal's words as they were written", () => {
  const inBangla = <T>(fn: () => T) => requestStorage.run({ requestId: "test", nonce: "test", clientIp: "198.51.100.7", locale: "bn" }, fn);
  expect(inBangla(() => errorCopy(thrown(404, null)))).toMatchObject({ status: 404, title: "পাতাটি পাওয়া যায়নি" });
  expect(inBangla(() => errorCopy(new Error("boom"))).title).toBe("কোনো একটা সমস্যা হয়েছে");
  expect(inBangla(() => errorCopy(thrown(409, "This booking is cancelled."))).message).toBe("This booking is cancelled.");
});
