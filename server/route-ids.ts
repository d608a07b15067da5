import type { ServerBuild } from "react-router";
import { unlocalizedPath } from "../app/lib/locale";

type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;
type Branch = { id: string; score: number; pattern: RegExp };

/** Paths are unbounded (ids in them); the answers for this many are kept. */
const REMEMBERED_PATHS = 2_000;

/**
 * The id of the route a path leads to (React Router's deepest match), for the metrics' labels;
 * undefined when none does. React Router's matchRoutes ranks and compiles every route's pattern on
 * each call (about 2 ms for our ninety routes), too much for every request: this ranks the build's
 * routes once, the way React Router does (a static segment above a parameter above a splat, an
 * index route above its parent, siblings in their order), and then tries one compiled pattern per
 * route. `.data` requests (client navigations and fetcher posts) count as their page.
 */
export function routeIdsFrom(routes: ServerBuild["routes"]): (pathname: string) => string | undefined {
  const branches = rankedBranches(routes);
  const seen = new Map<string, string | undefined>();
  return (pathname) => {
    if (seen.has(pathname)) return seen.get(pathname);
    const path = decodePath(
      unlocalizedPath(pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.replace(/\.data$/, "")),
    );
    const id = branches.find((branch) => branch.pattern.test(path))?.id;
    if (seen.size >= REMEMBERED_PATHS) seen.clear();
    seen.set(pathname, id);
    return id;
  };
}

/** Every route that can be a deepest match, with its full path's pattern, best first (React Router's flattenRoutes and rankRouteBranches). */
function rankedBranches(routes: ServerBuild["routes"]): Branch[] {
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const branches: Branch[] = [];
  const flatten = (parentId: string | undefined, parentPath: string) => {
    for (const route of children.get(parentId) ?? []) {
      const path = `${parentPath}/${route.path ?? ""}`.replace(/\/\/+/g, "/");
      // A route's descendants come before it: among equal scores, the deeper route wins.
      flatten(route.id, path);
      // A pathless layout never matches by itself.
      if (route.path === undefined && !route.index) continue;
      branches.push({ id: route.id, score: scoreOf(path, route.index === true), pattern: patternOf(path, route.caseSensitive === true) });
    }
  };
  flatten(undefined, "");
  // Array sort is stable: equal scores keep the order above, as React Router's siblings do.
  return branches.sort((a, b) => b.score - a.score);
}

/** React Router's computeScore: more segments, and static ones above parameters, rank higher; a splat lowers it. */
function scoreOf(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

/** React Router's compilePath for a whole path, matched to its end: a parameter is one segment, a splat the rest. */
function patternOf(path: string, caseSensitive: boolean): RegExp {
  let source = `^${path
    .replace(/\/*\*?$/, "")
    .replace(/^\/*/, "/")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:[\w-]+/g, "/[^\\/]+")}`;
  if (path.endsWith("*")) source += path === "*" || path === "/*" ? ".*$" : "(?:\\/.+|\\/*)$";
  else source += "\\/*$";
  return new RegExp(source, caseSensitive ? undefined : "i");
}

/** Percent-decoded segments, as React Router matches them; the path as it is when it does not decode. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}
