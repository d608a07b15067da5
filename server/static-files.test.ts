import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { expect, test } from "vitest";
import { loadStaticFiles, precompressStaticFiles } from "./static-files";

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
  expect([files.get("/tiny.js")?.brotli, files.get("/tiny.js")?.gzip]).toEqual([undefined, undefined]);
  // Images are not text: never compressed here.
  expect([files.get("/photo.png")?.brotli, files.get("/photo.png")?.gzip]).toEqual([undefined, undefined]);
});

test("the build's precompressed forms are read instead of compressing again, and are not pages of their own", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "onward-static-"));
  const script = `export const countries=[${Array.from({ length: 40 }, (_, index) => `"country ${index}"`).join(",")}];`;
  writeFileSync(path.join(dir, "app.js"), script);
  writeFileSync(path.join(dir, "photo.png"), Buffer.alloc(600, 7));
  expect(precompressStaticFiles(dir)).toBe(1);
  expect(existsSync(path.join(dir, "app.js.br")) && existsSync(path.join(dir, "app.js.gz"))).toBe(true);
  expect(existsSync(path.join(dir, "photo.png.br"))).toBe(false);
  // A marked copy proves which bytes the server serves: the file beside it, not a fresh compression.
  const marked = brotliCompressSync(`${script}//marked`);
  writeFileSync(path.join(dir, "app.js.br"), marked);

  const files = loadStaticFiles(dir);
  expect(files.get("/app.js")?.brotli).toEqual(marked);
  expect(files.get("/app.js")?.gzip?.length).toBeLessThan(script.length);
  expect([...files.keys()].sort()).toEqual(["/app.js", "/photo.png"]);
});
