import { describe, expect, test } from "vitest";
import { countryGuides } from "../../content/countries";
import { type DocumentField, documentFields } from "./applications";
import { buildChecklist, type ChecklistItem, checklistItemKey, documentsPhrase, guideForCountry } from "./checklist";

/**
 * The stated mapping, item by item, for every guide: which uploaded documents tick each item
 * ("a+b": both; "(a|b)": either; "manual": the student ticks it). A guide edit that adds, rewords
 * or removes an item fails here until its line is decided again.
 */
const expected: Record<string, { paper: [string, string][]; sponsor: [string, string][] }> = {
  usa: {
    paper: [
      ["Valid passport (valid for at least six months beyond your planned stay)", "passport"],
      ["SSC and HSC (or O and A Level) certificates with mark sheets and transcripts", "sscCertificate+hscCertificate"],
      ["Bachelor's certificate and transcript, for master's and PhD applicants", "bachelorHonoursTranscript"],
      ["English test result: IELTS Academic, TOEFL iBT or Duolingo English Test, as your university accepts", "englishProficiency"],
      ["SAT or ACT for some undergraduate programmes, GRE or GMAT for some graduate programmes (many are now test-optional)", "manual"],
      ["Statement of purpose, CV and two or three recommendation letters", "manual"],
      ["Form I-20 issued by your university", "manual"],
      ["DS-160 confirmation page, SEVIS fee receipt and visa appointment letter", "manual"],
      ["One recent photo that meets the U.S. visa photo rules (5 cm x 5 cm, white background)", "passportSizePicture"],
    ],
    sponsor: [
      ["Sponsor's bank statement (last 6 months) and bank solvency certificate covering the amount on the I-20", "bankStatement"],
      ["Affidavit of support signed by the sponsor", "manual"],
      ["Sponsor's proof of income: trade license or employment letter with salary certificate", "sponsorBusinessLicense"],
      ["Sponsor's TIN certificate and recent income tax returns", "manual"],
      ["Proof of relationship to the sponsor (birth certificate and NID)", "birthCertificate+(fatherNid|motherNid)"],
    ],
  },
  "south-korea": {
    paper: [
      ["Valid passport", "passport"],
      [
        "SSC and HSC certificates and transcripts (and bachelor's papers for graduate study), attested in Bangladesh and confirmed by the Korean Embassy",
        "sscCertificate+hscCertificate",
      ],
      ["IELTS for English-taught programmes, or a TOPIK score for Korean-taught programmes", "englishProficiency"],
      ["Certificate of Admission (standard admission letter) from the Korean university", "manual"],
      ["Copy of the university's business registration certificate (the university provides it)", "manual"],
      ["Study plan and self-introduction", "manual"],
      ["Police clearance certificate", "policeClearance"],
      ["Medical certificate, including a tuberculosis (TB) test, from a hospital the Korean Embassy accepts", "healthCertificate"],
      ["Passport-size photos (3.5 cm x 4.5 cm, white background)", "passportSizePicture"],
    ],
    sponsor: [
      ["Sponsor's bank solvency certificate and bank statement showing the balance the embassy asks for", "bankStatement"],
      ["Sponsor's income tax certificate or latest tax return", "manual"],
      ["Sponsor's trade license or employment certificate", "sponsorBusinessLicense"],
      ["Sponsor's NID", "(fatherNid|motherNid)"],
      ["Affidavit of sponsorship and proof of relationship (birth certificate)", "manual"],
    ],
  },
  finland: {
    paper: [
      ["Valid passport", "passport"],
      [
        "SSC and HSC certificates and transcripts; bachelor's certificate and transcript for master's applicants",
        "sscCertificate+hscCertificate",
      ],
      ["IELTS Academic result (most programmes ask for 6.0–6.5 overall)", "englishProficiency"],
      ["Motivation letter and CV", "manual"],
      ["Admission letter from a Finnish university, with proof of tuition payment or a scholarship decision", "manual"],
      ["Health insurance that meets the Finnish Immigration Service (Migri) requirements", "manual"],
      ["Passport-size photos", "passportSizePicture"],
    ],
    sponsor: [
      ["Trade License", "sponsorBusinessLicense"],
      ["TIN/BIN", "manual"],
      ["TAX Certificate", "manual"],
      ["Financial statement", "bankStatement"],
      ["NID", "(fatherNid|motherNid)"],
      ["Sponsorship Declaration", "manual"],
      ["Relationship Affidavit", "manual"],
    ],
  },
  canada: {
    paper: [
      ["Valid passport", "passport"],
      ["SSC and HSC certificates and transcripts; bachelor's papers for graduate study", "sscCertificate+hscCertificate"],
      ["IELTS Academic result (or another test your institution accepts)", "englishProficiency"],
      ["Letter of acceptance from a designated learning institution (DLI)", "manual"],
      ["Provincial or territorial attestation letter (PAL or TAL)", "manual"],
      ["Statement of purpose explaining your study plan", "manual"],
      ["Immigration medical exam by an IRCC panel physician, if you are asked", "healthCertificate"],
      ["Passport-size photos", "passportSizePicture"],
    ],
    sponsor: [
      ["Sponsor's bank statements and bank solvency certificate", "bankStatement"],
      ["Guaranteed Investment Certificate (GIC) from a participating Canadian bank, if you use one to show funds", "manual"],
      ["Sponsor's proof of income: trade license or employment letter", "sponsorBusinessLicense"],
      ["Sponsor's TIN certificate and income tax returns", "manual"],
      ["Affidavit of support and proof of relationship", "manual"],
    ],
  },
  japan: {
    paper: [
      ["Valid passport", "passport"],
      ["SSC and HSC certificates and transcripts; bachelor's papers for graduate study", "sscCertificate+hscCertificate"],
      [
        "Japanese language certificate (for example JLPT N5 or N4) for language schools, or IELTS/TOEFL for English-taught degrees",
        "englishProficiency",
      ],
      ["Certificate of Eligibility (CoE) issued by Japan's Immigration Services Agency", "manual"],
      ["Visa application form", "manual"],
      ["Photo (4.5 cm x 3.5 cm)", "passportSizePicture"],
    ],
    sponsor: [
      ["Sponsor's bank balance certificate and bank statement", "bankStatement"],
      ["Sponsor's income certificate and tax documents", "manual"],
      ["Sponsor's trade license or employment certificate", "sponsorBusinessLicense"],
      ["Letter of financial support from the sponsor", "manual"],
      ["Proof of relationship (birth certificate)", "birthCertificate"],
    ],
  },
  china: {
    paper: [
      ["Valid passport", "passport"],
      ["SSC and HSC certificates and transcripts; bachelor's papers for graduate study", "sscCertificate+hscCertificate"],
      ["HSK certificate for Chinese-taught programmes, or IELTS for English-taught programmes", "englishProficiency"],
      ["Admission notice and visa application form (JW201 or JW202) from the university", "manual"],
      ["Foreigner Physical Examination Form completed by a hospital", "healthCertificate"],
      ["Police clearance certificate", "policeClearance"],
      ["Study plan and two recommendation letters (for graduate programmes and scholarships)", "manual"],
      ["Passport-size photos", "passportSizePicture"],
    ],
    sponsor: [
      ["Sponsor's bank statement and bank solvency certificate", "bankStatement"],
      ["Sponsor's letter of financial support", "manual"],
      ["Sponsor's proof of income (trade license or employment letter)", "sponsorBusinessLicense"],
      ["Proof of relationship (birth certificate)", "birthCertificate"],
    ],
  },
  uk: {
    paper: [
      ["Valid passport", "passport"],
      ["SSC and HSC (or O and A Level) certificates and transcripts; bachelor's papers for master's", "sscCertificate+hscCertificate"],
      ["IELTS Academic, or IELTS for UKVI when the course requires a Secure English Language Test", "englishProficiency"],
      ["Confirmation of Acceptance for Studies (CAS) from your university", "manual"],
      ["Tuberculosis (TB) test certificate from a UK-approved clinic in Bangladesh", "healthCertificate"],
      ["Statement of purpose and reference letters", "manual"],
    ],
    sponsor: [
      [
        "Bank statement showing the required money held for 28 consecutive days, ending within 31 days of your visa application",
        "bankStatement",
      ],
      ["Letter of consent from your parent or legal guardian if the money is in their name", "manual"],
      ["Birth certificate as proof of relationship to your parent", "birthCertificate"],
      ["Sponsor's proof of income (many universities ask for it at the credibility interview)", "manual"],
    ],
  },
  australia: {
    paper: [
      ["Valid passport", "passport"],
      ["SSC and HSC certificates and transcripts; bachelor's papers for graduate study", "sscCertificate+hscCertificate"],
      ["IELTS Academic, PTE Academic or TOEFL iBT result", "englishProficiency"],
      ["Confirmation of Enrolment (CoE) from your university", "manual"],
      ["Answers for the Genuine Student (GS) requirement", "manual"],
      ["Overseas Student Health Cover (OSHC) for the whole visa period", "manual"],
      ["Health examination and biometrics when asked", "healthCertificate"],
    ],
    sponsor: [
      ["Sponsor's bank statements and bank solvency certificate", "bankStatement"],
      ["Evidence of the sponsor's annual income (tax returns, trade license or salary certificate)", "sponsorBusinessLicense"],
      ["Education loan sanction letter, if you use a loan", "manual"],
      ["Proof of relationship (birth certificate)", "birthCertificate"],
    ],
  },
  netherlands: {
    paper: [
      ["Valid passport", "passport"],
      ["SSC and HSC certificates and transcripts; bachelor's papers for master's", "sscCertificate+hscCertificate"],
      ["IELTS Academic result (most programmes ask for 6.0–6.5 overall)", "englishProficiency"],
      ["Admission letter from a Dutch university", "manual"],
      ["Legalised birth certificate, for registering with the municipality", "birthCertificate"],
      ["Tuberculosis (TB) test within three months after arrival", "manual"],
    ],
    sponsor: [
      ["Proof of funds for one year of living costs (many universities ask you to transfer it to them)", "manual"],
      ["Sponsor's bank statement and solvency certificate", "bankStatement"],
      ["Sponsor's declaration of support and proof of relationship", "manual"],
    ],
  },
  germany: {
    paper: [
      ["Valid passport", "passport"],
      [
        "SSC and HSC certificates and transcripts (HSC alone usually leads to a Studienkolleg first); bachelor's papers for master's",
        "sscCertificate+hscCertificate",
      ],
      ["IELTS or TOEFL for English-taught programmes; TestDaF or DSH for German-taught programmes", "englishProficiency"],
      ["Admission letter from a German university", "manual"],
      ["Blocked account confirmation", "manual"],
      ["Health insurance for your stay", "manual"],
      ["Motivation letter and CV", "manual"],
      ["Biometric passport photos", "passportSizePicture"],
    ],
    sponsor: [
      ["Bank documents showing how the blocked account was funded (by you or your sponsor)", "manual"],
      ["Sponsor's letter of support and proof of relationship", "manual"],
    ],
  },
  malaysia: {
    paper: [
      ["Valid passport (valid for at least 12 months)", "passport"],
      ["SSC and HSC certificates and transcripts; bachelor's papers for graduate study", "sscCertificate+hscCertificate"],
      ["IELTS result, or the university's own English test", "englishProficiency"],
      ["Offer letter from a Malaysian university", "manual"],
      ["Passport-size photos with a blue background", "passportSizePicture"],
      ["Medical screening at an EMGS panel clinic after arrival", "manual"],
    ],
    sponsor: [],
  },
};

/** An item's documents as the table writes them. */
function mapping(item: ChecklistItem): string {
  if (item.manual) return "manual";
  const all = (item.satisfiedBy ?? []).filter((field) => !item.anyOf.includes(field));
  return [...all, ...(item.anyOf.length > 0 ? [`(${item.anyOf.join("|")})`] : [])].join("+");
}

/** The smallest upload that ticks an item by the table: all its documents, and the first of an "either". */
function fieldsFor(entry: string): DocumentField[] {
  if (entry === "manual") return [];
  return entry.split("+").map((part) => (part.startsWith("(") ? part.slice(1, -1).split("|")[0] : part) as DocumentField);
}

const nothing = new Set<string>();

describe("the checklist's mapping from documents to items", () => {
  test("the table covers all 11 guides, item for item, in order", () => {
    expect(Object.keys(expected)).toEqual(countryGuides.map((guide) => guide.id));
    expect(countryGuides).toHaveLength(11);
    for (const guide of countryGuides) {
      const rows = expected[guide.id];
      expect(
        rows?.paper.map(([text]) => text),
        guide.id,
      ).toEqual(guide.paperRequirements);
      expect(
        rows?.sponsor.map(([text]) => text),
        guide.id,
      ).toEqual(guide.sponsorDocs);
    }
  });

  for (const guide of countryGuides) {
    test(`${guide.title}: each item is ticked by the documents the table names, and by nothing less`, () => {
      const rows = [...(expected[guide.id]?.paper ?? []), ...(expected[guide.id]?.sponsor ?? [])];
      const empty = buildChecklist(guide, nothing, nothing);
      expect(empty.items.map((item) => [item.text, mapping(item)])).toEqual(rows);
      expect(empty.ready).toBe(0);
      for (const [text, entry] of rows) {
        const needed = fieldsFor(entry);
        const item = (uploaded: DocumentField[]) =>
          buildChecklist(guide, new Set(uploaded), nothing).items.find((candidate) => candidate.text === text);
        if (entry === "manual") {
          // Every document uploaded still leaves a hand item to the student.
          expect(item([...documentFields]), text).toMatchObject({ ready: false, manual: true, satisfiedBy: null });
          continue;
        }
        expect(item(needed), text).toMatchObject({ ready: true, manual: false, satisfiedBy: needed });
        // One document short (of several, or the only one) is not ready.
        for (const missing of needed)
          expect(item(needed.filter((field) => field !== missing))?.ready, `${text} without ${missing}`).toBe(false);
      }
    });
  }

  test("the sponsor's NID is either parent's, and names the one uploaded", () => {
    const usa = guideForCountry("USA");
    if (!usa) throw new Error("no USA guide");
    const relationship = (uploaded: DocumentField[]) =>
      buildChecklist(usa, new Set(uploaded), nothing).items.find((item) => item.text.startsWith("Proof of relationship"));
    expect(documentsPhrase(relationship([]) as ChecklistItem)).toBe("Birth certificate and Father's NID or Mother's NID");
    expect(relationship([])?.documentsLabel).toBe("Birth certificate and Father's NID or Mother's NID");
    expect(relationship(["birthCertificate", "motherNid"])).toMatchObject({
      ready: true,
      satisfiedBy: ["birthCertificate", "motherNid"],
      documentsLabel: "Birth certificate and Mother's NID",
    });
    expect(documentsPhrase(relationship(["birthCertificate", "fatherNid", "motherNid"]) as ChecklistItem, "noun")).toBe(
      "birth certificate and father's NID and mother's NID",
    );
    expect(relationship(["fatherNid", "motherNid"])?.ready).toBe(false);
  });

  test("items have stable keys, unique within each guide, made of their kind and text", () => {
    for (const guide of countryGuides) {
      const keys = buildChecklist(guide, nothing, nothing).items.map((item) => item.key);
      expect(new Set(keys).size, guide.id).toBe(keys.length);
      for (const key of keys) expect(key).toMatch(/^(paper|sponsor)-[0-9a-z]{7}$/);
    }
    expect(checklistItemKey("paper", "Valid passport")).toBe(checklistItemKey("paper", "Valid passport"));
    expect(checklistItemKey("paper", "Valid passport")).not.toBe(checklistItemKey("sponsor", "Valid passport"));
    // Rewording an item gives it a new key, so an old tick does not carry over to different words.
    expect(checklistItemKey("paper", "Motivation letter and CV")).not.toBe(checklistItemKey("paper", "Motivation letter, CV"));
  });
});

describe("the checklist's progress", () => {
  const korea = countryGuides.find((guide) => guide.id === "south-korea");
  if (!korea) throw new Error("no South Korea guide");

  test("uploads and hand ticks count; a stale tick on a document item or an unknown key does not", () => {
    const empty = buildChecklist(korea, nothing, nothing);
    expect(empty).toMatchObject({ guideId: "south-korea", ready: 0, total: 14 });
    const admission = empty.items.find((item) => item.text.startsWith("Certificate of Admission"));
    const passport = empty.items.find((item) => item.text === "Valid passport");
    if (!admission || !passport) throw new Error("items missing");

    const view = buildChecklist(
      korea,
      new Set(["passport", "sscCertificate", "hscCertificate", "englishProficiency", "bankStatement", "fatherNid"]),
      new Set([admission.key, passport.key, "paper-unknown"]),
    );
    // Passport, SSC and HSC, IELTS, bank statement, sponsor's NID by documents; the admission letter by hand.
    expect(view.ready).toBe(6);
    expect(view.total).toBe(14);
    expect(view.items.filter((item) => item.ready).map((item) => item.text)).toEqual([
      "Valid passport",
      korea.paperRequirements[1],
      korea.paperRequirements[2],
      korea.paperRequirements[3],
      korea.sponsorDocs[0],
      "Sponsor's NID",
    ]);
    expect(view.items.find((item) => item.key === admission.key)).toMatchObject({ ready: true, manual: true, kind: "paper" });
    expect(view.items.filter((item) => item.kind === "sponsor")).toHaveLength(5);
  });

  test("a guide with no sponsor documents counts its papers alone", () => {
    const malaysia = guideForCountry("Malaysia");
    expect(malaysia?.sponsorDocs).toEqual([]);
    if (!malaysia) return;
    expect(buildChecklist(malaysia, new Set(documentFields), nothing)).toMatchObject({ ready: 4, total: 6 });
  });
});

describe("the guide of an application's country", () => {
  test.each([
    ["USA", "usa"],
    ["UK", "uk"],
    ["Finland", "finland"],
    ["South Korea", "south-korea"],
    ["Netherlands", "netherlands"],
  ])("%s has the %s guide", (country, id) => {
    expect(guideForCountry(country)?.id).toBe(id);
  });

  test.each(["Denmark", "Dubai", "France", "United States", "", null])("%s has none", (country) => {
    expect(guideForCountry(country)).toBeNull();
  });
});
