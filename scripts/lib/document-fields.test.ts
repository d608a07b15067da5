import { expect, test } from "vitest";
import { documentFields as appFields } from "~/lib/applications";
import { documentFields } from "./document-fields.mjs";

test("the measuring scripts post the app's 15 documents, in the form's order", () => {
  expect(documentFields).toEqual(appFields);
});
