import { describe, expect, test } from "vitest";
import { listHref, pageUrl, readQuery } from "./read-query";

const at = (path: string, method = "GET") => new Request(`http://localhost:3000${path}`, { method });

describe("pageUrl: the address a person is on, from React Router's data requests too", () => {
  test.each([
    ["/contact", "/contact"],
    ["/contact.data", "/contact"],
    ["/_.data", "/"],
    ["/dashboard/_.data", "/dashboard/"],
    ["/university/queens-university-belfast.data", "/university/queens-university-belfast"],
    // The router's paths, without the language prefix (React Router puts the page's back on a redirect).
    ["/bn/contact", "/contact"],
    ["/bn.data", "/"],
    ["/bn/dashboard/_.data", "/dashboard/"],
    ["/bnx/contact", "/bnx/contact"],
  ])("%s is %s", (path, expected) => {
    expect(pageUrl(at(path)).pathname).toBe(expected);
  });

  test("React Router's own parameters are dropped; the page's are kept as sent", () => {
    const url = pageUrl(at("/find-university.data?country=usa&_routes=root%2Croutes%2Fpublic%2Ffind-university&page=2"));
    expect([...url.searchParams]).toEqual([
      ["country", "usa"],
      ["page", "2"],
    ]);
    expect(pageUrl(at("/dashboard.data?index", "POST")).search).toBe("");
    expect(pageUrl(at("/dashboard?index=3")).searchParams.get("index")).toBe("3");
  });

  test("readQuery and listHref read the page's address, not the data request's", () => {
    expect(readQuery(at("/networking.data?q=rahim&_routes=root")).toString()).toBe("q=rahim");
    expect(listHref(at("/dashboard/messages.data?page=2&_routes=root", "POST"))).toBe("/dashboard/messages?page=2");
    expect(listHref(at("/bn/dashboard/messages.data?page=2&_routes=root", "POST"))).toBe("/dashboard/messages?page=2");
  });
});
