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

test("icons come one by one through the icon set, never from lucide-react's index (which loads every icon)", () => {
  const offenders = sourceFiles(path.join(projectRoot, "app")).filter((file) =>
    /from\s+["']lucide-react(\/icons)?["']/.test(readFileSync(file, "utf8").replace(/import type [^;]+;/g, "")),
  );
  expect(offenders.map((file) => path.relative(projectRoot, file))).toEqual([]);
  const iconSet = readFileSync(path.join(projectRoot, "app/components/ui/icons.tsx"), "utf8");
  expect(iconSet).toMatch(/from "lucide-react\/icons\/[a-z-]+"/);
});
