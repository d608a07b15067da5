import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { expect, test } from "vitest";
import { loadStaticFiles } from "./static-files";

test("small text files are served compressed too, unless compressing would not make them smaller", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "onward-static-"));
  const chunk = `export const steps=[${Array.from({ length: 12 }, (_, index) => `"step ${index}"`).join(",")}];`;
  writeFileSync(path.join(dir, "chunk.js"), chunk);
  writeFileSync(path.join(dir, "tiny.js"), "x");
  writeFileSync(path.join(dir, "photo.png"), Buffer.alloc(600, 7));
  const files = loadStaticFiles(dir);

  const small = files.get("/chunk.js");
  expect(chunk.length).toBeLessThan(512);
  expect(small?.brotli?.length).toBeLessThan(chunk.length);
  expect(brotliDecompressSync(small?.brotli ?? Buffer.alloc(0)).toString()).toBe(chunk);
  expect(small?.gzip?.length).toBeLessThan(chunk.length);
  // One byte compresses to more than one byte: it goes as it is.
  expect(files.get("/tiny.js")).toMatchObject({ brotli: undefined, gzip: undefined });
  // Images are not text: never compressed here.
  expect(files.get("/photo.png")).toMatchObject({ brotli: undefined, gzip: undefined });
});
