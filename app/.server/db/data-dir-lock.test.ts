import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "onward-lock-"));

test("the first opener takes the lock and releasing it removes the file", () => {
  const dir = tempDir();
  const release = acquireDataDirLock(dir);
  expect(readFileSync(path.join(dir, "db.lock"), "utf8")).toBe(String(process.pid));
  release();
  expect(existsSync(path.join(dir, "db.lock"))).toBe(false);
});

test("a second opener is refused while the owner lives", async () => {
  const dir = tempDir();
  const owner = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
  try {
    writeFileSync(path.join(dir, "db.lock"), String(owner.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`in use by process ${owner.pid}`));
  } finally {
    owner.kill();
  }
});

test("a lock left by a process that is gone is taken over", async () => {
  const dir = tempDir();
  const gone = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => gone.on("exit", resolve));
  writeFileSync(path.join(dir, "db.lock"), String(gone.pid));
  const release = acquireDataDirLock(dir);
  expect(readFileSync(path.join(dir, "db.lock"), "utf8")).toBe(String(process.pid));
  release();
});
