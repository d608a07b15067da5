import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import MessagesPage from "./messages";

test("the inbox shows a message's HTML as text, never as markup", () => {
  const loaderData = {
    items: [
      {
        id: 1,
        kind: "ielts_enrolment" as const,
        name: "<b>Sadia</b>",
        phone: "+880 1812 345678",
        email: "sadia@example.com",
        message: '<img src=x onerror="alert(1)"><script>alert(2)</script>',
        createdAt: new Date("2026-11-20T10:00:00Z"),
        handledAt: null,
        handledByName: null,
      },
    ],
    page: 1,
    pageCount: 1,
    total: 1,
    pageSize: 20,
  };
  const Stub = createRoutesStub([
    { id: "messages", path: "/dashboard/messages", Component: MessagesPage as never, loader: () => loaderData },
  ]);
  const html = renderToString(
    createElement(Stub, { initialEntries: ["/dashboard/messages"], hydrationData: { loaderData: { messages: loaderData } } }),
  );
  expect(html).toContain("IELTS enrollment");
  expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
  expect(html).not.toContain("<script>alert(2)");
  expect(html).not.toContain("<img src=x");
  expect(html).toContain("&lt;b&gt;Sadia&lt;/b&gt;");
  expect(html).toContain("Mark as handled");
});
