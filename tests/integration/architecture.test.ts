import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { projectRoot } from "../support/server-process";

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

test("no route module imports the database: routes call domain functions (DESIGN.md, who may import whom)", () => {
  const routes = path.join(projectRoot, "app", "routes");
  const offenders = sourceFiles(routes).filter((file) =>
    /from\s+["'](~\/\.server\/db|(\.\.\/)+\.server\/db)(\/[^"']*)?["']/.test(readFileSync(file, "utf8")),
  );
  expect(offenders.map((file) => path.relative(projectRoot, file))).toEqual([]);
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
