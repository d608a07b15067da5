import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { expect, test } from "vitest";
import routeConfig from "../app/routes";
import { routeIdsFrom } from "./route-ids";

type ConfigEntry = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; file: string; children?: ConfigEntry[] };

/** The build's route manifest made from app/routes.ts as React Router makes it: ids from file names unless given, under "root". */
function manifestOf(entries: ConfigEntry[]): ServerBuild["routes"] {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  const add = (children: ConfigEntry[], parentId: string) => {
    for (const entry of children) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      routes[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module: {} };
      if (entry.children) add(entry.children, id);
    }
  };
  add(entries, "root");
  return routes as ServerBuild["routes"];
}

/** The same routes as React Router's own route objects, to ask matchRoutes. */
function routeObjectsOf(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const children = routeObjectsOf(routes, route?.id);
      return { id: route?.id, path: route?.path, index: route?.index, ...(children.length > 0 ? { children } : {}) } as RouteObject;
    });
}

/** Addresses for every route: its pattern with parameters and splats filled in, as asked, with a trailing slash, in capitals and as a data request. */
function addressesOf(entries: ConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = `${prefix}/${entry.path ?? ""}`.replace(/\/\/+/g, "/");
    const filled = path.replace(/:[\w-]+/g, "x-42").replace(/\*$/, "some/deeper/path");
    const own = entry.path === undefined ? [] : [filled, `${filled}/`, filled.toUpperCase(), `${filled}.data`, `${filled}/extra`];
    return [...own, ...addressesOf(entry.children ?? [], path)];
  });
}

const manifest = manifestOf(routeConfig as ConfigEntry[]);

test("every address leads to the route React Router's matchRoutes finds: the deepest match's id", () => {
  const routeIdOf = routeIdsFrom(manifest);
  const tree = routeObjectsOf(manifest);
  const addresses = [...addressesOf(routeConfig as ConfigEntry[]), "/", "/_.data", "/dashboard/", "/a%20b", "/api/v1/universities/import"];
  expect(addresses.length).toBeGreaterThan(300);
  for (const address of addresses) {
    const path = address.endsWith("/_.data") ? address.slice(0, -"_.data".length) : address.replace(/\.data$/, "");
    expect([address, routeIdOf(address)]).toEqual([address, matchRoutes(tree, path)?.at(-1)?.route.id]);
  }
});

test("a static segment wins over a parameter, a parameter over a splat, and nothing matched is undefined", () => {
  const routeIdOf = routeIdsFrom(manifest);
  expect(routeIdOf("/dashboard/universities/import")).toBe("routes/dashboard/university-import");
  expect(routeIdOf("/dashboard/universities/7")).toBe("routes/dashboard/university-edit");
  expect(routeIdOf("/api/v1/universities/import")).toBe("routes/api/v1-import");
  expect(routeIdOf("/api/v1/me")).toBe("routes/api/v1");
  expect(routeIdOf("/no/such/page")).toBe("routes/not-found");
  expect(routeIdOf("/university/%E0%A4%A")).toBe("routes/public/university");
  expect(routeIdOf("/")).toBe("routes/public/home");
  const withoutCatchAll = routeIdsFrom(manifestOf([{ path: "about", file: "routes/about.tsx" }]));
  expect(withoutCatchAll("/about")).toBe("routes/about");
  expect(withoutCatchAll("/elsewhere")).toBeUndefined();
});
