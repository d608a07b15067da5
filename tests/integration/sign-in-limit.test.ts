import { expect, test } from "vitest";
import { withRunningServer } from "../support/server-users";

const app = withRunningServer(["student"]);

test("60 wrong passwords for one account posted to /login at once: 10 are checked, the other 50 answer 429", async () => {
  const statuses = await Promise.all(
    Array.from({ length: 60 }, async () => {
      const response = await fetch(`${app.server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "password", email: app.users[0]?.email ?? "", password: "not the password at all" }),
      });
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const count = (status: number) => statuses.filter((value) => value === status).length;
  expect(count(400)).toBe(10); // "Invalid email or password": these reached the password check
  expect(count(429)).toBe(50);
});
