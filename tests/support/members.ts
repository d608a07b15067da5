import sharp from "sharp";
import { getSessionUser, type SessionUser } from "~/.server/auth/session";
import { AppError } from "~/.server/errors";
import { defaultJobCategories, defaultMemberLocations, type MemberInput } from "~/.server/networking/schema";
import { takeToast } from "~/.server/toast";
import { request, type TestUser } from "./accounts";

/** The default lists of locations and job categories, as a member must use them. */
export const memberChoices = { locations: defaultMemberLocations, categories: defaultJobCategories };

/** The signed-in person behind a test user, as a route's guard hands it to domain functions. */
export async function sessionOf(user: TestUser): Promise<SessionUser> {
  const session = await getSessionUser(request("/", { user }));
  if (!session) throw new Error("not signed in");
  return session;
}

/** A small PNG, the kind of photo the add form takes. */
export const memberPhoto = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();

let counter = 0;
/** A valid add-form, each call with its own name and e-mail. */
export function memberFields(overrides: Partial<MemberInput> = {}): MemberInput {
  counter += 1;
  return {
    name: `Member ${counter}`,
    company: "Nordic Software Oy",
    address: "Helsinki",
    email: `member${counter}@example.com`,
    phone: "+358 40 123 4567",
    profession: "Software Engineer",
    location: "Finland",
    category: "Software Engineer",
    linkedin: "https://www.linkedin.com/in/member",
    twitter: "",
    bookingUrl: "",
    ...overrides,
  };
}

/** The AppError a domain function refused with (fails the test if it succeeded or failed otherwise); `work` may be its call or its promise. */
export async function refusal(work: Promise<unknown> | (() => Promise<unknown>)): Promise<AppError> {
  const error = await (typeof work === "function" ? Promise.resolve().then(work) : work).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

/** The toast a redirect sets, as the next page would read it. */
export async function toastOf(response: Response | undefined): Promise<string | undefined> {
  const cookie = (response?.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  return (await takeToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).toast?.text;
}
