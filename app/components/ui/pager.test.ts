import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, test } from "vitest";
import { requestStorage } from "~/.server/request-context";
import { Pager } from "./pager";

let shown = { page: 1, pageCount: 1 };
function ShownPager() {
  return createElement(Pager, shown);
}
const Stub = createRoutesStub([{ path: "/list", Component: ShownPager }]);

function render(url: string, page: number, pageCount: number) {
  shown = { page, pageCount };
  return renderToString(createElement(Stub, { initialEntries: [url] }));
}

test("a pager of plain links that keeps the search and marks the current page", () => {
  const html = render("/list?q=rahim&page=5", 5, 12);
  expect(html).toContain('aria-label="Pagination"');
  expect(html).toContain('href="/list?q=rahim&amp;page=4" rel="prev"');
  expect(html).toContain('href="/list?q=rahim&amp;page=6" rel="next"');
  expect(html).toMatch(/href="\/list\?q=rahim&amp;page=5" aria-current="page"/);
  expect(html).toContain('href="/list?q=rahim"');
  expect(html).toContain('href="/list?q=rahim&amp;page=12"');
  expect(html).toContain("Page 5 of 12");
  expect(html.match(/aria-current/g)).toHaveLength(1);
});

test("no previous link on the first page, no next link on the last, nothing for a single page", () => {
  expect(render("/list", 1, 3)).not.toContain('rel="prev"');
  expect(render("/list?page=3", 3, 3)).not.toContain('rel="next"');
  expect(render("/list", 1, 1)).toBe("");
});

test("on a Bangla page the pager speaks Bangla, writes Bangla digits and links within /bn", () => {
  const html = requestStorage.run({ requestId: "test", nonce: "test", clientIp: "198.51.100.7", locale: "bn" }, () =>
    render("/list?page=2", 2, 3),
  );
  expect(html).toContain("৩ পাতার মধ্যে ২ নম্বর পাতা");
  expect(html).toContain('href="/bn/list" rel="prev"');
  expect(html).toContain('href="/bn/list?page=3" rel="next"');
  expect(html).toContain(">আগের পাতা<");
});
