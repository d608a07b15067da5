import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { db } from "~/.server/db";
import { applications } from "~/.server/db/schema";
import { saveAcademicProfile } from "~/.server/users/academic-profile";
import { emptyAcademicProfile } from "~/lib/academic-profile";
import { createUser, type TestUser } from "../../tests/support/accounts";
import { applicationForm } from "../../tests/support/applications";
import { callRoute } from "../../tests/support/call-route";
import { withTestDatabase } from "../../tests/support/database-per-file";
import * as apply from "./apply";

withTestDatabase();

type Loaded = Awaited<ReturnType<typeof apply.loader>>;
type Reply = { result: { status?: string; initialValue?: Record<string, unknown> } };

async function studentWithCountries(preferredCountries: string[]): Promise<TestUser> {
  const student = await createUser({ verified: true, name: "Tanvir Hasan" });
  await saveAcademicProfile(student.id, {
    ...emptyAcademicProfile,
    ieltsOverall: 6.5,
    level: "bachelor",
    subject: "Economics",
    preferredCountries,
  });
  return student;
}

const load = (student: TestUser, path = "/apply") => callRoute<Loaded>(apply, { path, headers: { Cookie: student.cookie } });

/** The page as the browser first receives it, after `loaderData` (and the action's answer, if any). */
function render(loaderData: Loaded, actionData?: unknown) {
  const Stub = createRoutesStub([{ id: "apply", path: "/apply", Component: apply.default as never, loader: () => loaderData }]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/apply"],
      hydrationData: { loaderData: { apply: loaderData }, actionData: actionData ? { apply: actionData } : undefined },
    }),
  );
}

/** The destination country the page's select starts on ("" for none). */
function chosenCountry(html: string): string {
  const select = html.match(/<select[^>]*name="countryName"[^>]*>([\s\S]*?)<\/select>/)?.[1] ?? "";
  return (
    select
      .match(/<option(?: value="([^"]*)")? selected="">([^<]*)<\/option>/)
      ?.slice(1)
      .find((value) => value !== undefined) ?? ""
  );
}

test("the destination country comes from the academic profile when the student chose one, in the form's spelling", async () => {
  const student = await studentWithCountries(["United Kingdom"]);
  const page = await load(student);
  expect(page.status).toBe(200);
  expect(page.data.defaultValue).toMatchObject({ countryName: "UK", name: "Tanvir Hasan" });
  expect(chosenCountry(render(page.data))).toBe("UK");
  // A country outside the spec's 11 keeps the catalogue's name, which is among the form's choices.
  const korea = await load(await studentWithCountries(["South Korea"]));
  expect(korea.data.defaultValue.countryName).toBe("South Korea");
  expect(korea.data.countries).toContain("South Korea");
});

test("with several countries, or none, nothing is chosen for the student", async () => {
  for (const countries of [["Canada", "Germany"], []]) {
    const page = await load(await studentWithCountries(countries));
    expect(page.data.defaultValue.countryName, countries.join()).toBeUndefined();
    expect(chosenCountry(render(page.data))).toBe("");
  }
});

test("a university chosen from the catalogue wins over the profile's country", async () => {
  const page = await load(await studentWithCountries(["Germany"]), "/apply?university=queens-university-belfast");
  expect(page.data.defaultValue).toMatchObject({ universityName: "Queen's University Belfast", countryName: "UK" });
});

test("a refused post shows what was sent, even a cleared country; the draft's country then wins over the profile", async () => {
  const student = await studentWithCountries(["United Kingdom"]);
  const germany = await callRoute<Reply>(apply, {
    path: "/apply",
    form: await applicationForm({ text: { countryName: "Germany", motherName: "" } }),
    headers: { Cookie: student.cookie },
  });
  expect(germany.status).toBe(400);
  const page = await load(student);
  expect(page.data.defaultValue.countryName).toBe("Germany");
  expect(chosenCountry(render(page.data, germany.data))).toBe("Germany");

  const cleared = await callRoute<Reply>(apply, {
    path: "/apply",
    form: await applicationForm({ text: { countryName: "", motherName: "" } }),
    headers: { Cookie: student.cookie },
  });
  expect(cleared.status).toBe(400);
  expect(chosenCountry(render((await load(student)).data, cleared.data))).toBe("");
});

test("the post is unchanged: the same complete form submits, and the profile's level or IELTS are not required", async () => {
  const student = await studentWithCountries(["United Kingdom"]);
  const submitted = await callRoute(apply, { path: "/apply", form: await applicationForm(), headers: { Cookie: student.cookie } });
  expect(submitted.status).toBe(303);
  const [row] = await db().select().from(applications).where(eq(applications.applicantId, student.id));
  expect(row).toMatchObject({ status: "submitted", countryName: "UK" });
});
