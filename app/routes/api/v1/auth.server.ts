import { z } from "zod";
import { signInForToken, signOutToken, signUp } from "~/.server/auth/accounts";
import { signUpSchema } from "~/.server/auth/schemas";
import { bearerToken, type SessionUser } from "~/.server/auth/session";
import { isAppError } from "~/.server/errors";
import { roles } from "~/lib/roles";
import { signInSchema, totpCodeSchema } from "~/lib/schemas/auth";
import { defineOperation } from "./operation.server";
import { ApiRefusal } from "./respond.server";

/** What the API says of a person: their account, never a secret. */
export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(roles),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  timeZone: z.string(),
  twoFactorEnabled: z.boolean(),
  consultantId: z.string().nullable(),
});

export function userData(user: SessionUser): z.infer<typeof UserSchema> {
  const { id, name, email, emailVerified, role, phone, address, timeZone, twoFactorEnabled, consultantId } = user;
  return { id, name, email, emailVerified, role, phone, address, timeZone, twoFactorEnabled, consultantId };
}

/** Headers for better-auth without the caller's cookies: the API never takes one as a credential. */
function withoutCookies(request: Request): Headers {
  const headers = new Headers(request.headers);
  headers.delete("Cookie");
  return headers;
}

export const authOperations = [
  defineOperation({
    id: "login",
    method: "POST",
    path: "/auth/login",
    tag: "Accounts",
    summary: "Sign in for a token",
    description:
      "E-mail and password (and `code`, the 6-digit code of the account's authenticator app, when two-factor sign-in is on). " +
      "The token goes in `Authorization: Bearer <token>` on every other call; it ends when the session does.",
    access: "anyone",
    body: signInSchema.extend({ code: totpCodeSchema.shape.code.optional() }),
    response: z.object({ token: z.string() }),
    refusals: [401, 403, 429],
    async run({ body, request, clientIp }) {
      try {
        const token = await signInForToken({ ...body, ip: clientIp, headers: withoutCookies(request) });
        return { data: { token } };
      } catch (error) {
        // A wrong password or code is a failed authentication (401), not a malformed request.
        if (isAppError(error, "INVALID")) throw new ApiRefusal("UNAUTHENTICATED", error.message, error.fieldErrors);
        throw error;
      }
    },
  }),
  defineOperation({
    id: "logout",
    beforeTwoFactor: true,
    method: "POST",
    path: "/auth/logout",
    tag: "Accounts",
    summary: "End the token's session",
    access: "signed-in",
    response: z.object({ signedOut: z.literal(true) }),
    async run({ request, user }) {
      const token = bearerToken(request.headers.get("Authorization"));
      if (token && user) await signOutToken({ token, userId: user.id });
      return { data: { signedOut: true as const } };
    },
  }),
  defineOperation({
    id: "signUp",
    method: "POST",
    path: "/users",
    tag: "Accounts",
    summary: "Create an account",
    description:
      "Answers 202 alike for a new and a taken e-mail, with no token (ADR 013): the address's owner gets the confirmation " +
      "link (or a note that they already have an account). Log in once the e-mail is confirmed.",
    access: "anyone",
    body: signUpSchema,
    response: z.object({ message: z.string() }),
    status: 202,
    refusals: [429],
    async run({ body, request, clientIp }) {
      await signUp({ name: body.name, email: body.email, password: body.password, ip: clientIp, headers: withoutCookies(request) });
      return { data: { message: "Check your e-mail: we have sent a link to confirm the address." } };
    },
  }),
  defineOperation({
    id: "me",
    beforeTwoFactor: true,
    method: "GET",
    path: "/me",
    tag: "Accounts",
    summary: "The signed-in person",
    access: "signed-in",
    response: UserSchema,
    async run({ user }) {
      return { data: userData(user) };
    },
  }),
];
