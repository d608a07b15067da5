// Photo-like JPEGs for `npm run bench:phone-upload`: what a student's phone makes of a certificate
// held under a lamp. 4000×3000 (12 megapixels), about PHOTO_BYTES each, and as hard to compress as
// a real one: off-white paper lit unevenly on a wooden table, lines of dark "text", a coloured stamp,
// and per-pixel sensor noise (luma and a little chroma), which is what makes a phone photo 3–5 MB.
// Deterministic (one seeded generator per document) and cached in data/bench/phone-photos/{VERSION}/.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { root } from "./production-server.mjs";

/** Bump when the picture or its size changes: the cache is kept per version. */
const VERSION = "v1";
export const PHOTO_WIDTH = 4000;
export const PHOTO_HEIGHT = 3000;
/** 3.5 MB (decimal, as phones and network rates count). */
export const PHOTO_BYTES = 3_500_000;
/** How far a photo may land from PHOTO_BYTES. */
const TOLERANCE = 0.1;
const cacheDir = path.join(root, "data", "bench", "phone-photos", VERSION);

/** mulberry32: small, fast, and the same numbers on every machine for a seed. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 65,536 standard normal samples (Box–Muller), looked up per pixel: a normal draw per pixel would take seconds. */
function gaussianTable(random) {
  const table = new Float32Array(65_536);
  for (let index = 0; index < table.length; index += 2) {
    const radius = Math.sqrt(-2 * Math.log(1 - random()));
    const angle = 2 * Math.PI * random();
    table[index] = radius * Math.cos(angle);
    table[index + 1] = radius * Math.sin(angle);
  }
  return table;
}

/**
 * The raw RGB picture of document `index`: a sheet a little smaller than the frame, lit from one
 * corner with a vignette, with paragraphs of text lines (words as dark bars), a title, a signature
 * line and a stamp ring, then sensor noise of `noise` (standard deviation in levels) over all.
 */
function paint(index, noise) {
  const random = generator(0x0b5e55ed + index * 7919);
  const width = PHOTO_WIDTH;
  const height = PHOTO_HEIGHT;
  // Ink coverage per pixel, 0–255: text and rules. The stamp is drawn apart (it has a colour).
  const ink = new Uint8Array(width * height);
  const stamp = new Uint8Array(width * height);
  const sheet = {
    left: Math.round(width * (0.06 + random() * 0.04)),
    top: Math.round(height * (0.04 + random() * 0.03)),
    right: Math.round(width * (0.9 + random() * 0.04)),
    bottom: Math.round(height * (0.93 + random() * 0.04)),
  };
  const fill = (x0, y0, x1, y1, value, target = ink) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) {
      const row = y * width;
      for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) target[row + x] = Math.max(target[row + x], value);
    }
  };
  const margin = Math.round((sheet.right - sheet.left) * 0.08);
  const textLeft = sheet.left + margin;
  const textRight = sheet.right - margin;
  // A title in heavy letters, centred.
  let y = sheet.top + Math.round(height * 0.06);
  const titleWidth = Math.round((textRight - textLeft) * (0.35 + random() * 0.2));
  for (let x = Math.round((textLeft + textRight - titleWidth) / 2), end = x + titleWidth; x < end; ) {
    const letter = 18 + Math.round(random() * 30);
    fill(x, y, Math.min(end, x + letter), y + 60, 235);
    x += letter + 10 + (random() < 0.15 ? 40 : 0);
  }
  y += 140;
  // Paragraphs: lines of words, ragged on the right, a gap between paragraphs.
  const lineHeight = 26 + Math.round(random() * 8);
  const lineGap = 22 + Math.round(random() * 10);
  while (y < sheet.bottom - height * 0.2) {
    const lines = 3 + Math.floor(random() * 6);
    for (let line = 0; line < lines && y < sheet.bottom - height * 0.2; line++) {
      const lineEnd = line === lines - 1 ? textLeft + (textRight - textLeft) * (0.3 + random() * 0.5) : textRight - random() * 80;
      for (let x = textLeft + (line === 0 ? 60 : 0); x < lineEnd; ) {
        const word = 30 + Math.round(random() * 150);
        // Letters: bars of the word's height with thin gaps, some with ascenders.
        for (let letterX = x; letterX < Math.min(lineEnd, x + word); ) {
          const letter = 10 + Math.round(random() * 12);
          const tall = random() < 0.3 ? 8 : 0;
          fill(
            Math.round(letterX),
            y - tall,
            Math.round(Math.min(lineEnd, letterX + letter)),
            y + lineHeight,
            170 + Math.round(random() * 80),
          );
          letterX += letter + 4;
        }
        x += word + 22 + Math.round(random() * 10);
      }
      y += lineHeight + lineGap;
    }
    y += lineHeight + lineGap;
  }
  // A signature line near the foot, and a ruled box (a table of marks) on some documents.
  fill(textRight - 700, sheet.bottom - 260, textRight - 100, sheet.bottom - 254, 220);
  if (index % 2 === 0) {
    const boxTop = sheet.bottom - Math.round(height * 0.18);
    for (let row = 0; row < 4; row++) fill(textLeft, boxTop + row * 60, textLeft + 1400, boxTop + row * 60 + 4, 200);
    for (let column = 0; column < 5; column++) fill(textLeft + column * 350, boxTop, textLeft + column * 350 + 4, boxTop + 184, 200);
  }
  // The stamp: a ring with an inner ring, slightly off the signature.
  const stampX = textRight - 450 - random() * 300;
  const stampY = sheet.bottom - 420 - random() * 200;
  const radius = 190 + random() * 60;
  for (let py = Math.floor(stampY - radius); py < stampY + radius; py++) {
    for (let px = Math.floor(stampX - radius); px < stampX + radius; px++) {
      const distance = Math.hypot(px - stampX, py - stampY);
      if ((distance < radius && distance > radius - 18) || (distance < radius * 0.7 && distance > radius * 0.7 - 8))
        stamp[py * width + px] = 140 + Math.round(random() * 80);
    }
  }
  const stampColour = index % 3 === 0 ? [40, 60, 170] : index % 3 === 1 ? [170, 40, 50] : [60, 40, 150];
  const paper = [236 - index, 232 - (index % 4), 220 + (index % 5)];
  const table = [118 + (index % 7) * 4, 84, 56];
  // Light: a linear fall-off from a corner plus a vignette, separable so it costs two lookups a pixel.
  const lightX = new Float32Array(width);
  const lightY = new Float32Array(height);
  const fromLeft = random() < 0.5;
  for (let x = 0; x < width; x++) {
    const dx = (x - width / 2) / (width / 2);
    lightX[x] = -0.16 * dx * dx + (fromLeft ? -0.1 : 0.1) * (x / width);
  }
  for (let yy = 0; yy < height; yy++) {
    const dy = (yy - height / 2) / (height / 2);
    lightY[yy] = 1.0 - 0.14 * dy * dy - 0.08 * (yy / height);
  }
  const gauss = gaussianTable(random);
  const rgb = Buffer.allocUnsafe(width * height * 3);
  let seed = (0x9e3779b9 ^ (index * 0x85ebca6b)) >>> 0 || 1;
  for (let yy = 0; yy < height; yy++) {
    const onSheetY = yy >= sheet.top && yy < sheet.bottom;
    for (let x = 0; x < width; x++) {
      const pixel = yy * width + x;
      const light = lightY[yy] + lightX[x];
      let r;
      let g;
      let b;
      if (onSheetY && x >= sheet.left && x < sheet.right) {
        const cover = ink[pixel] / 255;
        const stamped = stamp[pixel] / 255;
        r = paper[0] * (1 - cover * 0.88);
        g = paper[1] * (1 - cover * 0.88);
        b = paper[2] * (1 - cover * 0.85);
        if (stamped > 0) {
          r = r * (1 - stamped) + stampColour[0] * stamped;
          g = g * (1 - stamped) + stampColour[1] * stamped;
          b = b * (1 - stamped) + stampColour[2] * stamped;
        }
      } else {
        // Wood: streaks along x.
        const grain = 12 * Math.sin(yy * 0.05 + Math.sin(x * 0.003) * 6);
        r = table[0] + grain;
        g = table[1] + grain * 0.7;
        b = table[2] + grain * 0.5;
      }
      // xorshift32, three draws: luma noise, and two smaller chroma ones.
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const luma = gauss[seed & 0xffff] * noise;
      const chromaR = gauss[seed >>> 16] * noise * 0.35;
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const chromaB = gauss[seed & 0xffff] * noise * 0.35;
      const offset = pixel * 3;
      rgb[offset] = Math.max(0, Math.min(255, r * light + luma + chromaR));
      rgb[offset + 1] = Math.max(0, Math.min(255, g * light + luma));
      rgb[offset + 2] = Math.max(0, Math.min(255, b * light + luma + chromaB));
    }
  }
  return rgb;
}

const encode = (rgb, quality) =>
  sharp(rgb, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } })
    .jpeg({ quality, chromaSubsampling: "4:2:0" })
    .toBuffer();

/** Sensor noise in levels, tuned so that quality 90 lands near PHOTO_BYTES; the quality then closes the gap per photo. */
const NOISE = 6;

/** The JPEG of document `index`, within TOLERANCE of PHOTO_BYTES: the quality nearest the target wins. */
async function photo(index) {
  const rgb = paint(index, NOISE);
  let low = 60;
  let high = 98;
  let best = null;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const jpeg = await encode(rgb, quality);
    if (!best || Math.abs(jpeg.length - PHOTO_BYTES) < Math.abs(best.length - PHOTO_BYTES)) best = jpeg;
    if (jpeg.length < PHOTO_BYTES) low = quality + 1;
    else high = quality - 1;
  }
  if (Math.abs(best.length - PHOTO_BYTES) > PHOTO_BYTES * TOLERANCE)
    throw new Error(`photo ${index + 1} came out at ${best.length} bytes; tune NOISE in scripts/lib/phone-photos.mjs`);
  return best;
}

/**
 * The `names.length` photos as files (generated when missing), in `names` order: `{ name, file, bytes }`.
 * Older versions of the cache are removed.
 */
export async function phonePhotos(names) {
  mkdirSync(cacheDir, { recursive: true });
  for (const entry of readdirSync(path.dirname(cacheDir))) {
    if (entry !== VERSION) rmSync(path.join(path.dirname(cacheDir), entry), { recursive: true, force: true });
  }
  const photos = [];
  for (const [index, name] of names.entries()) {
    const file = path.join(cacheDir, `${String(index + 1).padStart(2, "0")}-${name}.jpg`);
    if (!existsSync(file)) {
      const jpeg = await photo(index);
      writeFileSync(`${file}.partial`, jpeg);
      renameSync(`${file}.partial`, file);
    }
    photos.push({ name: `${name}.jpg`, file, bytes: statSync(file).size });
  }
  return photos;
}
