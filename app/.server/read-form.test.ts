import { expect, test } from "vitest";
import { cleanedFields } from "./clean-form";
import { isAppError } from "./errors";
import { readForm } from "./read-form";
import { listHref, readQuery } from "./read-query";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/contact", { method: "POST", body, headers });

test("a query loses every control character, in names and values; Bangla's joiners stay", () => {
  const query = readQuery(new Request("http://localhost/networking?q=%00chef%0A&%00page=2&name=%E0%A6%B0%E2%80%8D%E0%A7%8D%E0%A6%AF"));
  expect(query.get("q")).toBe("chef");
  expect(query.get("page")).toBe("2");
  expect(query.get("name")).toBe("র\u200d্য");
});

test("a list's way back keeps its search and page, cleaned", () => {
  expect(listHref(new Request("http://localhost/dashboard/universities?q=ox%00ford&page=3"))).toBe(
    "/dashboard/universities?q=oxford&page=3",
  );
  expect(listHref(new Request("http://localhost/dashboard/universities?page=1"))).toBe("/dashboard/universities");
});

test("an empty body is a form with no fields", async () => {
  expect([...(await readForm(post(null))).keys()]).toEqual([]);
  expect([...(await readForm(post("", { "Content-Type": "application/x-www-form-urlencoded" }))).keys()]).toEqual([]);
});

test.each([
  ["a broken multipart body", "broken", "multipart/form-data; boundary=zz"],
  ["a part cut short", '--zz\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf', "multipart/form-data; boundary=zz"],
  ["a body with no form type", "name=Rina", "text/plain"],
])("%s is refused as unreadable (400), not a fault", async (_name, body, type) => {
  const refused = await readForm(post(body, { "Content-Type": type })).catch((error: unknown) => error);
  expect(isAppError(refused, "INVALID")).toBe(true);
  expect((refused as Error).message).toBe("The form could not be read; please send it again.");
});

test("control characters are removed from every field but passwords, and the fields that lost some are named", async () => {
  const form = await readForm(
    post(new URLSearchParams({ name: "Ri\u0000na", "bad\u0001name": "x", password: "p\u0000w", note: "two\r\nlines" })),
  );
  expect(form.get("name")).toBe("Rina");
  expect(form.get("badname")).toBe("x");
  expect(form.get("password")).toBe("p\u0000w");
  expect(form.get("note")).toBe("two\r\nlines");
  expect([...cleanedFields(form)].sort()).toEqual(["badname", "name"]);
});
