import { describe, expect, it } from "vitest";
import { isRetryable } from "./send-document";
import { fittedSize, jpegName } from "./shrink-image";

describe("fittedSize", () => {
  it("fits the longest side to 2,000 px and keeps the proportions", () => {
    expect(fittedSize(4000, 3000)).toEqual({ width: 2000, height: 1500 });
    expect(fittedSize(3000, 4000)).toEqual({ width: 1500, height: 2000 });
    expect(fittedSize(9000, 100)).toEqual({ width: 2000, height: 22 });
  });

  it("leaves a picture that already fits as it is, and never goes below one pixel", () => {
    expect(fittedSize(1600, 1200)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(2000, 2000)).toEqual({ width: 2000, height: 2000 });
    expect(fittedSize(100_000, 1)).toEqual({ width: 2000, height: 1 });
  });
});

describe("jpegName", () => {
  it("names the re-encoded photo as a JPEG, keeping its stem", () => {
    expect(jpegName("IMG_2041.HEIC")).toBe("IMG_2041.jpg");
    expect(jpegName("scan of passport.png")).toBe("scan of passport.jpg");
    expect(jpegName("photo.final.webp")).toBe("photo.final.jpg");
  });

  it("adds the extension to a name without one and names a nameless photo", () => {
    expect(jpegName("certificate")).toBe("certificate.jpg");
    expect(jpegName(".png")).toBe("photo.jpg");
  });
});

describe("isRetryable", () => {
  it("sends again after a lost connection or a server briefly away, never after a refusal", () => {
    expect([0, 408, 429, 500, 502, 503, 504].map(isRetryable)).toEqual([true, true, true, true, true, true, true]);
    expect([400, 401, 403, 404, 413, 415].map(isRetryable)).toEqual([false, false, false, false, false, false]);
  });
});
