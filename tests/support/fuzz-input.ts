import fc from "fast-check";

// Generated input for the fuzz tests (tests/integration/fuzz-http.test.ts): text nobody should
// send, values of the wrong type, fields that must never be honoured, and bodies that are broken
// in each way a dropped connection or a hostile client breaks them.

/** How many runs each target gets: 200 in `npm test`, 5,000 in `npm run test:fuzz`. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 200);

/** Text that has broken servers before: control characters, direction marks, lookalikes, SQL and LIKE metacharacters, paths, markup. */
const nastyText = fc.constantFrom(
  "\0",
  "a\0b",
  "\u0001\u001f\u007f",
  "\u202Eevil\u202C",
  "\u200F\u200E\u2066x\u2069",
  "e\u0301\u0301\u0301\u0301",
  "Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357",
  "👩🏽‍🎓🇧🇩",
  "\uFEFF",
  "\uD800",
  "a\uDC00b",
  "раураl.com",
  "ｆｕｌｌｗｉｄｔｈ",
  "বাংলা লেখা",
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  "%",
  "_",
  "\\",
  "%_\\%",
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "//evil.example.com",
  "$" + "{7*7}{{7*7}}",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "99999999999999999999999",
  "-0.0000001",
  "true",
  "null",
  "[]",
  "{}",
  "2026-02-30",
  "25:61",
  "   ",
  "",
);

/** Any text: generated Unicode (lone surrogates included), the nasty list, or something huge. */
export function hostileText(maxHugeBytes: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 40, arbitrary: nastyText },
    { weight: 30, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 20, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
    { weight: 10, arbitrary: fc.integer().map(String) },
    { weight: 10, arbitrary: fc.double().map(String) },
    // Rare, so that 200 runs stay quick: about one field in a hundred.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1_000, max: Math.max(1_000, maxHugeBytes) }), fc.constantFrom("x", "é", "%", "\0"))
        .map(([length, unit]) => unit.repeat(Math.ceil(length / Buffer.byteLength(unit)))),
    },
  );
}

/** Any JSON value: right and wrong types, nested, with hostile text in it. */
export function hostileJson(maxHugeBytes: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileText(maxHugeBytes) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, [], {}, { __proto__: { role: "admin" } }) },
  );
}

/** Field names that must never be honoured from a client, whatever the form or operation. */
export const forbiddenFieldNames = [
  "role",
  "status",
  "applicantId",
  "userId",
  "consultantId",
  "__proto__",
  "constructor",
  "prototype",
  "id",
  "emailVerified",
  "twoFactorEnabled",
] as const;

/** A value for one of a form's fields: as the page rendered it, left out, or hostile. */
export function fieldValue(rendered: string, maxHugeBytes: number): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(rendered) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: hostileText(maxHugeBytes) },
  );
}

/** Extra pairs: forbidden names, a form's own names again (duplicated fields), made-up names. */
export function extraFields(ownNames: readonly string[], maxHugeBytes: number): fc.Arbitrary<[string, string][]> {
  const name = fc.oneof(
    fc.constantFrom(...forbiddenFieldNames),
    ...(ownNames.length ? [fc.constantFrom(...ownNames)] : []),
    fc.string({ unit: "binary", maxLength: 12 }),
  );
  return fc.array(fc.tuple(name, hostileText(maxHugeBytes)), { maxLength: 4 });
}

export type RawBody = { contentType: string | null; body: Buffer; label: string };

const BOUNDARY = "----onward-fuzz";

/** The parts as multipart text under BOUNDARY, closed or (a boundary that never closes) not. */
function multipartText(parts: [string, string][], close = true): string {
  const text = parts.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("");
  return close ? `${text}--${BOUNDARY}--\r\n` : text;
}

/** The parts as a multipart body's bytes. */
function multipart(parts: [string, string][], close = true): Buffer {
  return Buffer.from(multipartText(parts, close));
}

/**
 * `count` one-letter parts named `${name}0` to `${name}6` in turn: the cycle of seven is written
 * once and repeated, since a body of 10,000 parts is made for every run that sends one.
 */
function tinyParts(name: string, count: number): Buffer {
  const cycle = Array.from({ length: 7 }, (_, index) => [`${name}${index}`, "x"] as [string, string]);
  return Buffer.from(multipartText(cycle, false).repeat(Math.floor(count / 7)) + multipartText(cycle.slice(0, count % 7)));
}

/** The kinds of broken body `brokenBody` makes. */
export const brokenBodyKinds = [
  "multipart without a boundary",
  "a boundary that never closes",
  "a truncated part",
  "a part header of 100 kB",
  "10,000 tiny parts",
  "url-encoding that does not decode",
  "bytes that are not UTF-8",
  "multipart values that are not UTF-8",
  "JSON instead of a form",
  "no content type",
  "an empty body",
] as const;

/**
 * A body broken in one of the ways the issue lists, built around a form's fields: multipart with
 * no boundary, a boundary that never closes, a truncated part, a 100 kB part header, 10,000 tiny
 * parts; url-encoding that does not decode; bytes that are not UTF-8; JSON where a form is due.
 */
export function brokenBody(pairs: [string, string][], kind: (typeof brokenBodyKinds)[number]): RawBody {
  const first = pairs[0]?.[0] ?? "a";
  const withType = (contentType: string | null, body: Buffer | string): RawBody => ({
    label: kind,
    contentType,
    body: typeof body === "string" ? Buffer.from(body) : body,
  });
  const boundaryType = `multipart/form-data; boundary=${BOUNDARY}`;
  switch (kind) {
    case "multipart without a boundary":
      return withType("multipart/form-data", multipart(pairs));
    case "a boundary that never closes":
      return withType(boundaryType, multipart(pairs, false));
    case "a truncated part": {
      const whole = multipart(pairs);
      return withType(boundaryType, whole.subarray(0, Math.max(10, Math.floor(whole.length / 2))));
    }
    case "a part header of 100 kB":
      return withType(
        boundaryType,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${"n".repeat(100_000)}"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
      );
    case "10,000 tiny parts":
      return withType(boundaryType, tinyParts(first, 10_000));
    case "url-encoding that does not decode":
      return withType(
        "application/x-www-form-urlencoded",
        `${pairs.map(([name]) => `${encodeURIComponent(wellFormed(name))}=%E0%A4%A`).join("&")}&%=%%&a=%zz`,
      );
    case "bytes that are not UTF-8":
      return withType(
        "application/x-www-form-urlencoded",
        Buffer.concat([Buffer.from(`${first}=`), Buffer.from([0xc0, 0xaf, 0xff, 0xfe, 0xed, 0xa0, 0x80])]),
      );
    case "multipart values that are not UTF-8":
      return withType(
        boundaryType,
        Buffer.concat([
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${first}"\r\n\r\n`),
          Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xf0, 0x28, 0x8c, 0xbc]),
          Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
        ]),
      );
    case "JSON instead of a form":
      return withType("application/json", JSON.stringify(Object.fromEntries(pairs)));
    case "no content type":
      return withType(null, "a=b");
    case "an empty body":
      return withType("application/x-www-form-urlencoded", "");
  }
}

/** Encodes form pairs as a browser would, url-encoded or multipart. */
export function encodeForm(pairs: [string, string][], kind: "urlencoded" | "multipart"): RawBody {
  if (kind === "multipart") return { label: "multipart", contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipart(pairs) };
  return {
    label: "url-encoded",
    contentType: "application/x-www-form-urlencoded",
    body: Buffer.from(pairs.map(([name, value]) => `${formEncoded(name)}=${formEncoded(value)}`).join("&")),
  };
}

/**
 * One name or value url-encoded exactly as URLSearchParams writes it (lone surrogates as U+FFFD,
 * a space as "+", only letters, digits and `*-._` left as they are), but through the native
 * encodeURIComponent: URLSearchParams encodes character by character in JavaScript, which is most
 * of the cost of a megabyte value.
 */
function formEncoded(text: string): string {
  return encodeURIComponent(wellFormed(text))
    .replace(/%20/g, "+")
    .replace(/[!'()~]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The text with each lone surrogate made U+FFFD, as a URL carries it (String.prototype.toWellFormed, before ES2024 types). */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}
