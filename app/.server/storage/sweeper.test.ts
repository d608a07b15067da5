import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { withTestDatabase } from "../../../tests/support/database-per-file";
import { databaseKind } from "../../../tests/support/test-database";
import { localDiskStorage } from "./local-disk";
import { getStorage, setStorage } from "./storage";
import { type SweptPrefix, sweepStorageOnce } from "./sweeper";

withTestDatabase();

const tomorrow = () => new Date(Date.now() + 25 * 60 * 60 * 1000);

/** A prefix whose files no row points at, to be swept. */
const orphans = (referenced: SweptPrefix["referenced"]): SweptPrefix => ({ prefix: "orphans/", referenced });

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of getStorage().list("orphans/")) keys.push(entry.key);
  return keys.sort();
}

// A storage of this file's own: the sweeps here remove everything under their prefix.
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "onward-sweep-once-"));
  setStorage(localDiskStorage(root));
});
afterAll(async () => {
  setStorage(undefined);
  await rm(root, { recursive: true, force: true });
});

describe("one sweep at a time on a database", () => {
  test("a sweep removes the day-old files no row points at and says how many", async () => {
    await getStorage().put("orphans/lone.txt", Buffer.from("left behind"));
    expect(await sweepStorageOnce([orphans(async () => new Set())], tomorrow())).toBe(1);
    expect(await storedKeys()).toEqual([]);
  });

  test.runIf(databaseKind() === "postgres")(
    "a second sweep while one is going on (another instance's) is skipped at once; the first removes each file once",
    async () => {
      await getStorage().put("orphans/a.txt", Buffer.from("a"));
      await getStorage().put("orphans/b.txt", Buffer.from("b"));
      // The first sweep stops half-way, holding its lock, until the second has been tried.
      let reached: () => void = () => {};
      const halfWay = new Promise<void>((resolve) => {
        reached = resolve;
      });
      let resume: () => void = () => {};
      const resumed = new Promise<void>((resolve) => {
        resume = resolve;
      });
      const first = sweepStorageOnce(
        [
          orphans(async () => {
            reached();
            await resumed;
            return new Set();
          }),
        ],
        tomorrow(),
      );
      await halfWay;
      let secondListed = false;
      const second = await sweepStorageOnce(
        [
          orphans(async (keys) => {
            secondListed = true;
            return new Set(keys);
          }),
        ],
        tomorrow(),
      );
      expect(second).toBeUndefined();
      expect(secondListed).toBe(false);
      resume();
      expect(await first).toBe(2);
      expect(await storedKeys()).toEqual([]);
      // The lock went with the first sweep: the next one runs.
      await getStorage().put("orphans/c.txt", Buffer.from("c"));
      expect(await sweepStorageOnce([orphans(async () => new Set())], tomorrow())).toBe(1);
    },
  );
});
