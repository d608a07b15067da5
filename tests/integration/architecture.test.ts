import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { projectRoot } from "../support/server-process";

// Each test enforces a rule of docs/architecture.md ("Who may import whom", "The form path").
// Tests are exempt from the import rules: they set up state through whatever layer they need.

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Project files under these folders (relative to the repository root), tests left out. */
function filesUnder(...folders: string[]): string[] {
  return folders.flatMap((folder) => sourceFiles(path.join(projectRoot, folder)));
}

const specifiers = [
  /\bfrom\s*["']([^"']+)["']/g, // import … from, export … from
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, // import("…")
  /^\s*import\s*["']([^"']+)["']/gm, // import "…" (for its effects)
];

/** What a file imports from this repository, as paths relative to its root ("app/.server/db/client"); packages left out. */
function projectImports(file: string): { specifier: string; target: string }[] {
  const source = readFileSync(file, "utf8");
  const found = new Set(specifiers.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? "")));
  return [...found].flatMap((specifier) => {
    const absolute = specifier.startsWith("~/")
      ? path.join(projectRoot, "app", specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : undefined;
    return absolute ? [{ specifier, target: path.relative(projectRoot, absolute).split(path.sep).join("/") }] : [];
  });
}

/** "file imports specifier" for every import of `files` whose target `forbidden` refuses. */
function offenders(files: string[], forbidden: (target: string, file: string) => boolean): string[] {
  return files.flatMap((file) => {
    const relative = path.relative(projectRoot, file).split(path.sep).join("/");
    return projectImports(file)
      .filter(({ target }) => forbidden(target, relative))
      .map(({ specifier }) => `${relative} imports ${specifier}`);
  });
}

const isUnder = (target: string, folder: string) => target === folder || target.startsWith(`${folder}/`);

test("no route module imports the database: routes call domain functions (docs/architecture.md, who may import whom)", () => {
  const routes = [...filesUnder("app/routes"), path.join(projectRoot, "app", "root.tsx")];
  expect(offenders(routes, (target) => isUnder(target, "app/.server/db"))).toEqual([]);
});

test("the data layer imports no domain rule: app/.server/db reaches into app/.server only for project-path (docs/architecture.md)", () => {
  const allowed = (target: string) => isUnder(target, "app/.server/db") || target.startsWith("app/.server/project-path");
  expect(offenders(filesUnder("app/.server/db"), (target) => isUnder(target, "app/.server") && !allowed(target))).toEqual([]);
});

test("domain code knows nothing of pages: app/.server imports no route, component or root module (docs/architecture.md)", () => {
  const pages = (target: string) => ["app/routes", "app/components", "app/root", "app/routes.ts"].some((folder) => isUnder(target, folder));
  expect(offenders(filesUnder("app/.server"), pages)).toEqual([]);
});

test("components and app/lib never import app/.server: they reach the browser (docs/architecture.md)", () => {
  expect(offenders(filesUnder("app/components", "app/lib"), (target) => isUnder(target, "app/.server"))).toEqual([]);
});

test("app/lib imports no component or route, and components import no route (docs/architecture.md)", () => {
  expect(offenders(filesUnder("app/lib"), (target) => isUnder(target, "app/components") || isUnder(target, "app/routes"))).toEqual([]);
  expect(offenders(filesUnder("app/components"), (target) => isUnder(target, "app/routes"))).toEqual([]);
});

test("the HTTP server's steps take the app's parts from server/start.ts: no other module of server/ imports app/.server (docs/architecture.md)", () => {
  expect(offenders(filesUnder("server"), (target, file) => file !== "server/start.ts" && isUnder(target, "app/.server"))).toEqual([]);
});

test("built-in content is data: content/ imports nothing of the app but app/lib (docs/architecture.md)", () => {
  expect(offenders(filesUnder("content"), (target) => isUnder(target, "app") && !isUnder(target, "app/lib"))).toEqual([]);
});

test("a route reads its form only through readForm (docs/architecture.md, the form path)", () => {
  const routes = [...filesUnder("app/routes"), path.join(projectRoot, "app", "root.tsx")];
  const direct = routes.filter((file) => /\.formData\(\)/.test(readFileSync(file, "utf8")));
  expect(direct.map((file) => path.relative(projectRoot, file))).toEqual([]);
});

test("icons are Lucide's data drawn by our Icon: no module loads an icon runtime", () => {
  const offenders = sourceFiles(path.join(projectRoot, "app")).filter((file) =>
    /from\s+["'](lucide-react|lucide-static)/.test(readFileSync(file, "utf8")),
  );
  expect(offenders.map((file) => path.relative(projectRoot, file))).toEqual([]);
  const packageJson = JSON.parse(readFileSync(path.join(projectRoot, "package.json"), "utf8"));
  expect(packageJson.dependencies.lucide).toBeDefined();
  expect(packageJson.dependencies["lucide-react"]).toBeUndefined();
});
