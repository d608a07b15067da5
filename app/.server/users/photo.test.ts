import sharp from "sharp";
import { expect, test, vi } from "vitest";
import { isAppError } from "../errors";
import { IMAGE_SLOTS, imageSlotUse, withImageSlot } from "../image-slots";
import { MAX_PICTURE_PIXELS, preparePhoto } from "./photo";

function solidPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

test("a picture with more than 25 megapixels is refused by name, however few bytes it takes", async () => {
  const huge = await solidPng(5_100, 5_000);
  expect(huge.length).toBeLessThan(1024 * 1024);
  const refusal = await preparePhoto(huge).catch((error: unknown) => error);
  expect(isAppError(refusal, "INVALID")).toBe(true);
  expect((refusal as Error).message).toBe(`The photo has too many pixels: at most ${MAX_PICTURE_PIXELS / 1_000_000} megapixels`);
});

test("pictures wait for a turn at the image decoder that application documents use too", async () => {
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  const holders = Array.from({ length: IMAGE_SLOTS }, () => withImageSlot(() => held));
  let prepared = false;
  const photo = preparePhoto(await solidPng(64, 64)).then((bytes) => {
    prepared = true;
    return bytes;
  });
  await vi.waitFor(() => expect(imageSlotUse()).toEqual({ busy: IMAGE_SLOTS, waiting: 1 }));
  expect(prepared).toBe(false);

  letGo();
  await Promise.all(holders);
  expect((await photo).subarray(8, 12).toString("latin1")).toBe("WEBP");
  expect(imageSlotUse()).toEqual({ busy: 0, waiting: 0 });
});
