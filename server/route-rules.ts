import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { unlocalizedPath } from "../app/lib/locale";
import type { ServerRouteHandle } from "../app/lib/route-handle";

export type RouteRules = (pathname: string) => ServerRouteHandle | Promise<ServerRouteHandle>;

/**
 * Reads the `handle` of the route a path leads to (the deepest match that says something),
 * from the build's route manifest, so the server can apply a route's rules before React
 * Router runs. `.data` requests (client navigations and fetcher posts) follow their page.
 */
export function routeRulesFrom(routes: ServerBuild["routes"]): (pathname: string) => ServerRouteHandle {
  const nodes = new Map<string, RouteObject>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject);
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id) as RouteObject;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (!parent || parent.index) {
      roots.push(node);
      continue;
    }
    parent.children = [...(parent.children ?? []), node];
  }
  const seen = new Map<string, ServerRouteHandle>();
  return (pathname) => {
    // React Router's data requests (v8_trailingSlashAwareDataRequests): `/_.data` for `/`, `/a/_.data` for `/a/`, `/a.data` for `/a`.
    const path = unlocalizedPath(pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, ""));
    const known = seen.get(path);
    if (known) return known;
    const rules: ServerRouteHandle = {};
    for (const match of matchRoutes(roots, path) ?? []) {
      Object.assign(rules, (routes[match.route.id ?? ""]?.module.handle as ServerRouteHandle | undefined) ?? {});
    }
    // Paths are unbounded (ids in them); remember only a bounded number.
    if (seen.size > 2_000) seen.clear();
    seen.set(path, rules);
    return rules;
  };
}
