// The 15 documents of an application by their form field's name, in the form's order, for the
// measuring scripts (the app's own list: app/lib/applications.ts, which plain Node cannot import).
export const documentFields = [
  "passportSizePicture",
  "birthCertificate",
  "nid",
  "fatherNid",
  "motherNid",
  "passport",
  "sscCertificate",
  "hscCertificate",
  "bachelorHonoursTranscript",
  "englishProficiency",
  "sponsorBusinessLicense",
  "bankStatement",
  "policeClearance",
  "healthCertificate",
  "currentBillCopy",
];
