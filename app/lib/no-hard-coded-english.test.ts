import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

/**
 * No English typed into a page (issue 30, ADR 037): every word people read comes from
 * messages/{en,bn}, or a Bangla page shows English unnoticed. This reads the source of the routes
 * and components (the TypeScript parser, no build) and reports each string people would read:
 * - JSX text with a word in it;
 * - a string in an attribute people read (`placeholder`, `title`, `alt`, any `…label`, `hint`, …)
 *   or in a JSX child (`{open ? "Close" : "Open"}`);
 * - a string under a property people read (`title`, `text`, `message`, … of an object: a page's
 *   meta, a toast, a form's field list), and a meta tag's `content` beside `name: "description"`;
 * - a refusal's words: `new AppError(code, "…")` and its `fieldErrors`, `data("…")`, `new Response("…")`;
 * - anywhere else, a string that reads as an English sentence (a capital, then two more words),
 *   so a sentence kept in a constant is found where it is written.
 * It does not report class names, URLs, e-mail addresses, ids, field names, data-* and other
 * attributes no one reads, the logger's and `new Error`'s words (for developers), nor text inside
 * <code> (a column or field name, typed as shown).
 */

const root = path.resolve(import.meta.dirname, "../..");

/** Where the pages' words are written. */
const scanned = ["app/routes", "app/components"];

/** What is not read, each with its reason (a path that no longer exists fails the test). */
const notScanned = [
  {
    path: "app/routes/api/",
    reason:
      "The JSON API (and its reference page, /api/docs) is English by design (ADR 033): its refusals are for programs and their developers.",
  },
  { path: "app/routes/dev/", reason: "Development tools (the design page, the mailbox): they answer 404 outside development." },
];

/** The English a page may show, each with its reason. An entry that matches nothing fails the test. */
const allowed: { file: string; text: string; reason: string }[] = [
  { file: "app/components/ui/logo.tsx", text: "Onward", reason: "The product's name, kept in Latin letters in both languages." },
  { file: "app/components/dashboard/shell.tsx", text: "Onward", reason: "The product's name, kept in Latin letters in both languages." },
  {
    file: "app/routes/dashboard/my-application.tsx",
    text: "{…} — Onward",
    reason: "The product's name after the page's (translated) title, as every page's title ends.",
  },
  { file: "app/routes/networking.tsx", text: "LinkedIn", reason: "A service's name, written the same in Bangla." },
  { file: "app/routes/networking.tsx", text: "Twitter", reason: "A service's name, written the same in Bangla." },
  { file: "app/components/dashboard/site-details-fields.tsx", text: "Facebook", reason: "A service's name, written the same in Bangla." },
  { file: "app/components/dashboard/site-details-fields.tsx", text: "Instagram", reason: "A service's name, written the same in Bangla." },
  { file: "app/components/dashboard/site-details-fields.tsx", text: "LinkedIn", reason: "A service's name, written the same in Bangla." },
  { file: "app/components/dashboard/site-details-fields.tsx", text: "YouTube", reason: "A service's name, written the same in Bangla." },
  { file: "app/components/dashboard/member-form.tsx", text: "LinkedIn", reason: "A service's name, written the same in Bangla." },
  { file: "app/components/applications/document-grid.tsx", text: "PDF", reason: "A file format's name, written the same in Bangla." },
  {
    file: "app/routes/dashboard/university-import.tsx",
    text: "CSV UTF-8",
    reason: "The file type as spreadsheet programs name it in their Save As list, for staff to find it there.",
  },
  {
    file: "app/routes/dashboard/academic-profile.tsx",
    text: "SSC GPA",
    reason: "The exam and grade as Bangladeshi students write them, in Bangla too.",
  },
  {
    file: "app/routes/dashboard/academic-profile.tsx",
    text: "HSC GPA",
    reason: "The exam and grade as Bangladeshi students write them, in Bangla too.",
  },
];

/**
 * Attributes people read (or hear, through a screen reader); a name ending in "label" counts too
 * (`submitLabel`, `aria-label`, and `data-label`, which the CSS shows as a table cell's heading).
 */
const readAttributes = new Set([
  "placeholder",
  "title",
  "alt",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "description",
  "hint",
  "intro",
  "legend",
  "note",
  "question",
  "heading",
  "message",
  "error",
  "what",
  "turnOn",
  "turnOff",
]);
const isReadAttribute = (name: string) => readAttributes.has(name) || /label$/i.test(name);

/** Object properties people read: meta titles, toasts' text, field lists' labels, refusals' messages. */
const readProperties = new Set([
  "title",
  "text",
  "label",
  "description",
  "hint",
  "placeholder",
  "message",
  "error",
  "intro",
  "heading",
  "note",
  "question",
  "toast",
  // A count's noun: `{ one: "university", many: "universities" }`.
  "one",
  "many",
]);
/** `{ name: "description", content: "…" }` and its Open Graph and Twitter cousins. */
const readMetaNames = new Set(["description", "og:title", "og:description", "og:image:alt", "twitter:title", "twitter:description"]);

/** Calls whose words are for developers: the logger and thrown programming errors. */
const developerCalls = /^(log|logger|console)\.|^(Error|TypeError|RangeError)$/;

const hasWord = (text: string) => /[A-Za-z]{2,}/.test(text.replace(/&#?\w+;/g, " "));
/** Class names (`text-inherit`, `mt-2 grid`), URLs, paths, e-mail addresses, MIME types: read by machines. */
const isMachineText = (text: string) => {
  const value = text.trim();
  if (/^(https?:|mailto:|tel:|\/|#|\.)/.test(value) || /^\S+@\S+\.\S+$/.test(value) || /^[a-z]+\/[\w.+-]+(,|$)/.test(value)) return true;
  // Class lists: lower case, each class with a "-", ":", "[" or "/" (a lone "flex" is reported: it is a word too).
  return /^[a-z]/.test(value) && value.split(/\s+/).every((token) => /[-:[\]/]/.test(token));
};
/** A capital, then at least two more words: "Choose a CSV file to preview or import." */
const isSentence = (text: string) => {
  const words = text.trim().split(/\s+/);
  return (
    words.length >= 3 &&
    /^[A-Z][a-z’']*[,:]?$/.test(words[0] ?? "") &&
    words.slice(1, 3).every((word) => /^[A-Za-z0-9’'(]+[.,;:!?)]*$/.test(word))
  );
};

/** The literal text of a string or template (`{…}` for each value), or null for anything else. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `{…}${span.literal.text}`).join("");
  return null;
}

/** The strings an expression may evaluate to: `"a"`, `x ? "a" : "b"`, `x && "a"`, `x ?? "a"`, `"a" + x`, `() => "a"`. */
function valueStrings(node: ts.Node): ts.Node[] {
  if (literalText(node) !== null) return [node];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return valueStrings(node.expression);
  if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return valueStrings(node.body);
  if (ts.isConditionalExpression(node)) return [...valueStrings(node.whenTrue), ...valueStrings(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return valueStrings(node.right);
    if ([ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.PlusToken].includes(operator))
      return [...valueStrings(node.left), ...valueStrings(node.right)];
  }
  return [];
}

const propertyName = (node: ts.PropertyName | ts.JsxAttributeName) =>
  ts.isIdentifier(node) || ts.isStringLiteral(node) ? node.text : ts.isJsxNamespacedName(node) ? node.getText() : null;

const calleeName = (node: ts.CallExpression | ts.NewExpression) => node.expression.getText();

function isInsideCode(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isJsxElement(parent) && ["code", "kbd", "samp", "pre"].includes(parent.openingElement.tagName.getText())) return true;
  }
  return false;
}

function isInsideDeveloperCall(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && developerCalls.test(calleeName(parent))) return true;
  }
  return false;
}

/** The metadata name of the object a `content` property sits in (`name` or `property`), if any. */
function metaNameOf(object: ts.ObjectLiteralExpression): string | null {
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const name = propertyName(property.name);
    if ((name === "name" || name === "property") && ts.isStringLiteral(property.initializer)) return property.initializer.text;
  }
  return null;
}

/** Every string people would read in one file, as `file:line text`. */
function findEnglish(file: string, source = readFileSync(path.join(root, file), "utf8")): { file: string; line: number; text: string }[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = new Map<string, { file: string; line: number; text: string }>();
  const report = (node: ts.Node, text: string) => {
    const shown = text.replace(/\s+/g, " ").trim();
    if (!hasWord(shown) || isMachineText(shown) || isInsideDeveloperCall(node)) return;
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.set(`${line} ${shown}`, { file, line, text: shown });
  };
  const reportValue = (expression: ts.Node | undefined) => {
    for (const node of expression ? valueStrings(expression) : []) report(node, literalText(node) ?? "");
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && !isInsideCode(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)) && !isInsideCode(node))
      reportValue(node.expression);
    else if (ts.isJsxAttribute(node) && isReadAttribute(propertyName(node.name) ?? "") && node.initializer)
      reportValue(ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer);
    else if (ts.isPropertyAssignment(node)) {
      const name = propertyName(node.name) ?? "";
      const metaName = ts.isObjectLiteralExpression(node.parent) ? metaNameOf(node.parent) : null;
      if (readProperties.has(name) || (name === "content" && metaName !== null && readMetaNames.has(metaName)))
        reportValue(node.initializer);
      // A refusal's field errors: `fieldErrors: { email: "…" }`.
      if (name === "fieldErrors" && ts.isObjectLiteralExpression(node.initializer))
        for (const error of node.initializer.properties) if (ts.isPropertyAssignment(error)) reportValue(error.initializer);
    } else if (ts.isNewExpression(node) && calleeName(node) === "AppError") reportValue(node.arguments?.[1]);
    else if (
      (ts.isCallExpression(node) && /^(data|(window\.)?(confirm|alert|prompt))$/.test(calleeName(node))) ||
      (ts.isNewExpression(node) && calleeName(node) === "Response")
    )
      reportValue(node.arguments?.[0]);
    const text = literalText(node);
    if (text !== null && isSentence(text) && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent))
      report(node, text);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return [...found.values()];
}

const sourceFiles = scanned
  .flatMap((directory) =>
    readdirSync(path.join(root, directory), { recursive: true, encoding: "utf8" }).map((name) => `${directory}/${name}`),
  )
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts") && !notScanned.some((skipped) => file.startsWith(skipped.path)))
  .sort();
const findings = sourceFiles.flatMap((file) => findEnglish(file));
const isAllowed = (finding: { file: string; text: string }) =>
  allowed.some((entry) => entry.file === finding.file && entry.text === finding.text);

test("the routes and components are read (a moved folder would leave this test checking nothing)", () => {
  expect(sourceFiles.length).toBeGreaterThan(100);
  for (const skipped of notScanned) expect(existsSync(path.join(root, skipped.path)), skipped.path).toBe(true);
});

test("no route or component shows English written into it: the words come from messages/", () => {
  const unexplained = findings.filter((finding) => !isAllowed(finding)).map(({ file, line, text }) => `${file}:${line} ${text}`);
  expect(unexplained, "Move these into messages/{en,bn}/*.json, or allow them here with a reason").toEqual([]);
});

test("every allowed string is still there (an exception that matches nothing is removed)", () => {
  const unused = allowed.filter((entry) => !findings.some((finding) => finding.file === entry.file && finding.text === entry.text));
  expect(unused).toEqual([]);
});

test("the check finds what people read and leaves what machines read", () => {
  const fixture = `
    export const meta = () => [{ title: "About us" }, { name: "description", content: "Who we are" }, { name: "robots", content: "noindex" }];
    const HINT = "Choose a file to upload.";
    export function Page({ open }: { open: boolean }) {
      if (!open) throw new AppError("INVALID", \`Pick \${"one"}\`, { fieldErrors: { file: "Required" } });
      if (!window.confirm("Sure?")) return { toast: () => "Gone", status: "archived", count: { one: "item" } };
      log.warn({ open }, "a page was read closed");
      return redirectWithToast("/x", { type: "success", text: "Saved" }) && (
        <div className="mt-2 grid text-inherit" data-testid="page-body" id="main">
          Hello
          <Field label="Email" placeholder="you@example.com" type="email" accept="image/png,image/jpeg" />
          <img src="/a.png" alt="A photo" />
          <a href="https://example.com" aria-label={open ? "Close" : "Open"}>{open && "More"} 12 · {"—"}</a>
          <code>scholarshipList</code>
        </div>
      );
    }`;
  expect(findEnglish("fixture.tsx", fixture).map((finding) => finding.text)).toEqual([
    "About us",
    "Who we are",
    "Choose a file to upload.",
    "Pick {…}",
    "Required",
    "Sure?",
    "Gone",
    "item",
    "Saved",
    "Hello",
    "Email",
    "A photo",
    "Close",
    "Open",
    "More",
  ]);
});
