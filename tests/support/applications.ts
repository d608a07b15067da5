import sharp from "sharp";
import { submitApplication } from "~/.server/applications/submit-application";
import type { SessionUser } from "~/.server/auth/session";
import { readMultipart } from "~/.server/uploads";
import { documentFields } from "~/lib/applications";
import { onePagePdf } from "../../scripts/lib/api-journey";

/** Real small files for the 15 documents: PNG scans and PDF statements. */
export function tinyPng(color = "#1d4ed8", size = 48): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with a GPS position (the kind a phone writes), to prove it is stripped. */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#aa3311" } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "23/1 48/1 0/1" } })
    .toBuffer();
}

/**
 * A phone's photo: 3000×2000 of noise (so JPEG cannot squeeze it, as a camera's sensor noise), turned
 * by EXIF orientation 6 (held sideways) and carrying a GPS position.
 */
export function phonePhoto(seed = 7): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < pixels.length; index++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    pixels[index] = 200 + (state >>> 27);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "23/1 48/1 0/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The file parts of a multipart body a browser sent, by field name: file name and bytes. */
export function postedFiles(body: Buffer, contentType: string): Map<string, { fileName: string; bytes: Buffer }> {
  const boundary = /boundary=(.+)$/.exec(contentType)?.[1];
  const files = new Map<string, { fileName: string; bytes: Buffer }>();
  if (!boundary) return files;
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headEnd = part.indexOf("\r\n\r\n");
    const head = part.subarray(0, headEnd).toString("utf8");
    const name = /name="([^"]*)"/.exec(head)?.[1];
    const fileName = /filename="([^"]*)"/.exec(head)?.[1];
    if (name && fileName !== undefined) files.set(name, { fileName, bytes: part.subarray(headEnd + 4) });
    start = next;
  }
  return files;
}

/** A minimal valid one-page PDF (scripts/lib/api-journey.ts writes it for the API journey too). */
export function tinyPdf(text = "Statement"): Buffer {
  return Buffer.from(onePagePdf(text), "latin1");
}

export const applicationText = {
  countryName: "UK",
  universityName: "Queen's University Belfast",
  name: "Nusrat Jahan",
  address: "House 12, Road 5, Dhanmondi, Dhaka",
  fatherName: "Abdul Karim",
  motherName: "Salma Begum",
  sponsorName: "Abdul Karim",
};

/**
 * The whole form as a browser sends it without JavaScript: the text fields, then one part per
 * document (PDFs for the transcript and bank statement, PNGs for the rest). `files` replaces
 * documents (null: the input left empty).
 */
export async function applicationForm(
  options: {
    text?: Partial<Record<string, string>>;
    files?: Partial<Record<string, { bytes: Buffer; name: string } | null>>;
    extra?: Record<string, string>;
  } = {},
): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.extra ?? {})) form.append(name, value);
  for (const [name, value] of Object.entries({ ...applicationText, ...options.text })) if (value !== undefined) form.append(name, value);
  const png = await tinyPng();
  for (const field of documentFields) {
    const given = options.files && field in options.files ? options.files[field] : undefined;
    if (given === null) {
      form.append(field, new File([], "", { type: "application/octet-stream" }));
      continue;
    }
    const file =
      given ??
      (field === "bankStatement" || field === "bachelorHonoursTranscript"
        ? { bytes: tinyPdf(), name: `${field}.pdf` }
        : { bytes: png, name: `${field}.png` });
    form.append(
      field,
      new File([new Uint8Array(file.bytes)], file.name, { type: file.name.endsWith(".pdf") ? "application/pdf" : "image/png" }),
    );
  }
  return form;
}

/** A multipart request carrying `form`, as a route receives it. */
export function multipartRequest(path: string, form: FormData, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    body: form,
    headers: { Origin: "http://localhost:3000", ...headers },
  });
}

/** Submits `form` through the domain function, the way /apply's action does (streamed through the same parser). */
export function submitForm(applicant: SessionUser, form: FormData, maxBytes = 10 * 1024 * 1024) {
  const request = multipartRequest("/apply", form);
  return submitApplication({
    applicant,
    maxBytes,
    readForm: (onFile) => readMultipart(request, { maxFileBytes: maxBytes, maxFiles: documentFields.length, maxFields: 40, onFile }),
  });
}

/** A submitted application of `applicant`, made through the real form path. */
export async function createSubmittedApplication(applicant: SessionUser, text: Partial<Record<string, string>> = {}) {
  return submitForm(applicant, await applicationForm({ text }));
}
