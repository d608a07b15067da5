/**
 * The document checklist: a country guide's paper requirements and sponsor documents as items a
 * student gets ready. Items an uploaded application document satisfies tick themselves (the rules
 * below); the rest the student ticks by hand. Shared by the server and the pages (no Zod, no server code).
 */

import { m } from "~/paraglide/messages";
import { type CountryGuide, countryGuides } from "../../content/countries";
import { applicationCountry, type DocumentField, documentInfo } from "./applications";

export type ChecklistKind = "paper" | "sponsor";

/**
 * Which uploaded documents satisfy an item, found by its text: every one of `documents`, and at
 * least one of `anyOf` when given (a sponsor's NID is the father's or the mother's).
 */
type ChecklistRule = { pattern: RegExp; documents: DocumentField[]; anyOf?: DocumentField[] };

/**
 * The stated mapping, first match wins; an item no rule matches is ticked by hand (admission
 * letters, CAS, I-20, insurance, affidavits, tax papers: nothing the application uploads).
 * Read against every item of every guide (checklist.test.ts lists each item's answer), so a guide
 * edit that changes what an item needs fails a test instead of ticking the wrong thing.
 */
export const checklistRules: readonly ChecklistRule[] = [
  // Photos before the passport: "Biometric passport photos" is a photo, not the passport.
  { pattern: /\bphotos?\b/i, documents: ["passportSizePicture"] },
  { pattern: /^valid passport\b/i, documents: ["passport"] },
  { pattern: /^SSC and HSC\b/i, documents: ["sscCertificate", "hscCertificate"] },
  // The US lists the bachelor's papers on their own; elsewhere they ride along with SSC and HSC.
  { pattern: /^bachelor's certificate and transcript\b/i, documents: ["bachelorHonoursTranscript"] },
  { pattern: /\b(IELTS|TOEFL)\b|\bEnglish test\b/i, documents: ["englishProficiency"] },
  { pattern: /\bpolice clearance\b/i, documents: ["policeClearance"] },
  // An examination done in Bangladesh; one "after arrival" cannot be uploaded before leaving, and
  // health insurance or cover is not an examination.
  {
    pattern: /^(?!.*\bafter arrival\b).*\b(medical|tuberculosis|physical examination|health examination)\b/i,
    documents: ["healthCertificate"],
  },
  { pattern: /\bbank statements?\b|\bsolvency\b|\bbank balance\b|^financial statement$/i, documents: ["bankStatement"] },
  { pattern: /\b(trade|business) licen[cs]e\b/i, documents: ["sponsorBusinessLicense"] },
  { pattern: /\bbirth certificate and NID\b/i, documents: ["birthCertificate"], anyOf: ["fatherNid", "motherNid"] },
  // The sponsor is a parent, whose NID the application asks for.
  { pattern: /^(sponsor's )?NID$/i, documents: [], anyOf: ["fatherNid", "motherNid"] },
  // An affidavit alongside the birth certificate is a paper no upload stands for.
  { pattern: /^(?!.*\baffidavit\b).*\bbirth certificate\b/i, documents: ["birthCertificate"] },
];

export type ChecklistItem = {
  key: string;
  text: string;
  kind: ChecklistKind;
  /** The documents that tick it (when ready, the uploaded ones); null for an item ticked by hand. */
  satisfiedBy: DocumentField[] | null;
  /** Until it is ready, the documents of `satisfiedBy` of which one is enough ("Father's NID or Mother's NID"). */
  anyOf: DocumentField[];
  /** `satisfiedBy` in words for the page (documentsPhrase), so that the page need not import this module's guides. */
  documentsLabel: string | null;
  ready: boolean;
  manual: boolean;
};

export type ChecklistView = { guideId: string; items: ChecklistItem[]; ready: number; total: number };

/** The rule an item's text falls under, or undefined for an item ticked by hand. */
export function checklistRule(text: string): ChecklistRule | undefined {
  return checklistRules.find((rule) => rule.pattern.test(text));
}

/**
 * An item's stable key: its kind and a hash of its text (32-bit FNV-1a, plain JS for server and
 * browser alike), so that rewording an item un-ticks it rather than moving its tick to another.
 */
export function checklistItemKey(kind: ChecklistKind, text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${kind}-${hash.toString(36).padStart(7, "0")}`;
}

type GuideItems = Pick<CountryGuide, "paperRequirements" | "sponsorDocs">;

/**
 * The guide's items, papers first, each with its key and its rule. Both come from the English
 * text, the item's identity (a tick is stored under its key); `text` is the item as `shown` words
 * it: the same guide in the page's language (content/bn/countries.ts, item for item the English).
 */
export function checklistItems(guide: GuideItems, shown: GuideItems = guide) {
  const entries = [
    ...guide.paperRequirements.map((text, index) => ({ kind: "paper" as const, text, shownText: shown.paperRequirements[index] })),
    ...guide.sponsorDocs.map((text, index) => ({ kind: "sponsor" as const, text, shownText: shown.sponsorDocs[index] })),
  ];
  return entries.map(({ kind, text, shownText }) => ({
    kind,
    text: shownText ?? text,
    key: checklistItemKey(kind, text),
    rule: checklistRule(text),
  }));
}

/**
 * The checklist of `guide` (English) for an application with these uploaded documents and
 * hand-ticked keys, its items worded as `shown` words them (the guide in the page's language).
 * A document-satisfied item is ready only by its documents (a stale hand tick does not count).
 */
export function buildChecklist(
  guide: Pick<CountryGuide, "id" | "paperRequirements" | "sponsorDocs">,
  uploaded: ReadonlySet<string>,
  ticked: ReadonlySet<string>,
  shown: GuideItems = guide,
): ChecklistView {
  const items = checklistItems(guide, shown).map(({ key, text, kind, rule }): ChecklistItem => {
    if (!rule) return { key, text, kind, satisfiedBy: null, anyOf: [], documentsLabel: null, ready: ticked.has(key), manual: true };
    const anyOf = rule.anyOf ?? [];
    const uploadedOf = anyOf.filter((field) => uploaded.has(field));
    const ready = rule.documents.every((field) => uploaded.has(field)) && (anyOf.length === 0 || uploadedOf.length > 0);
    // A ready item names what was uploaded; one still to do names the choice it offers.
    const satisfiedBy = [...rule.documents, ...(ready ? uploadedOf : anyOf)];
    const either = ready ? [] : anyOf;
    const documentsLabel = documentsPhrase({ satisfiedBy, anyOf: either });
    return { key, text, kind, satisfiedBy, anyOf: either, documentsLabel, ready, manual: false };
  });
  return { guideId: guide.id, items, ready: items.filter((item) => item.ready).length, total: items.length };
}

/**
 * The documents that tick an item, in words: "Passport", "SSC certificate and HSC certificate",
 * "Birth certificate and Father's NID or Mother's NID" (`noun` for the middle of a sentence).
 */
export function documentsPhrase(item: Pick<ChecklistItem, "satisfiedBy" | "anyOf">, word: "label" | "noun" = "label"): string {
  const name = (field: DocumentField) => documentInfo(field)[word];
  const all = (item.satisfiedBy ?? []).filter((field) => !item.anyOf.includes(field)).map(name);
  const either = item.anyOf.map(name).join(` ${m.server_word_or()} `);
  return [...all, ...(either ? [either] : [])].join(` ${m.server_word_and()} `);
}

/** The guide for an application's country ("UK" → the United Kingdom's), or null for a country without one. */
export function guideForCountry(countryName: string | null | undefined): CountryGuide | null {
  if (!countryName) return null;
  return countryGuides.find((guide) => applicationCountry(guide.title) === countryName) ?? null;
}
