import { describe, expect, test } from "vitest";
import { m } from "~/paraglide/messages";
import { type ApplicationMove, type Mover, move } from "./application-flow";
import { type ApplicationStatus, applicationStatuses, threadPage } from "./applications";

/**
 * The whole state machine as a table written out by hand from issue 25's rules (not computed by
 * the same logic): for every action, every from-status and every mover, where the application
 * goes, or `no` for a refusal (409). Columns: the owner (the student), then staff as consultant,
 * manager and admin.
 */
const no = "no" as const;
type Expected = ApplicationStatus | typeof no;
type Row = readonly [owner: Expected, consultant: Expected, manager: Expected, admin: Expected];

const movers: { name: string; mover: Mover }[] = [
  { name: "the owner", mover: { as: "owner" } },
  { name: "a consultant", mover: { as: "staff", role: "consultant" } },
  { name: "a manager", mover: { as: "staff", role: "manager" } },
  { name: "an admin", mover: { as: "staff", role: "admin" } },
];

const table: { action: ApplicationMove; name: string; rows: Record<ApplicationStatus, Row> }[] = [
  {
    // Staff only; from an open status to any of the three; the status it already has is a no-op, even when final.
    name: "set-status processing",
    action: { kind: "set-status", to: "processing" },
    rows: {
      draft: [no, no, no, no],
      submitted: [no, "processing", "processing", "processing"],
      processing: [no, "processing", "processing", "processing"],
      "documents-requested": [no, "processing", "processing", "processing"],
      rejected: [no, no, no, no],
      completed: [no, no, no, no],
      withdrawn: [no, no, no, no],
    },
  },
  {
    name: "set-status rejected",
    action: { kind: "set-status", to: "rejected" },
    rows: {
      draft: [no, no, no, no],
      submitted: [no, "rejected", "rejected", "rejected"],
      processing: [no, "rejected", "rejected", "rejected"],
      "documents-requested": [no, "rejected", "rejected", "rejected"],
      rejected: [no, "rejected", "rejected", "rejected"],
      completed: [no, no, no, no],
      withdrawn: [no, no, no, no],
    },
  },
  {
    name: "set-status completed",
    action: { kind: "set-status", to: "completed" },
    rows: {
      draft: [no, no, no, no],
      submitted: [no, "completed", "completed", "completed"],
      processing: [no, "completed", "completed", "completed"],
      "documents-requested": [no, "completed", "completed", "completed"],
      rejected: [no, no, no, no],
      completed: [no, "completed", "completed", "completed"],
      withdrawn: [no, no, no, no],
    },
  },
  {
    // Accepting a document keeps the status; staff only, open applications only.
    name: "review-document",
    action: { kind: "review-document" },
    rows: {
      draft: [no, no, no, no],
      submitted: [no, "submitted", "submitted", "submitted"],
      processing: [no, "processing", "processing", "processing"],
      "documents-requested": [no, "documents-requested", "documents-requested", "documents-requested"],
      rejected: [no, no, no, no],
      completed: [no, no, no, no],
      withdrawn: [no, no, no, no],
    },
  },
  {
    name: "request-documents",
    action: { kind: "request-documents" },
    rows: {
      draft: [no, no, no, no],
      submitted: [no, "documents-requested", "documents-requested", "documents-requested"],
      processing: [no, "documents-requested", "documents-requested", "documents-requested"],
      "documents-requested": [no, "documents-requested", "documents-requested", "documents-requested"],
      rejected: [no, no, no, no],
      completed: [no, no, no, no],
      withdrawn: [no, no, no, no],
    },
  },
  {
    // The student's replacements or staff's acceptance: documents requested goes back to processing.
    name: "documents-returned",
    action: { kind: "documents-returned" },
    rows: {
      draft: [no, no, no, no],
      submitted: ["submitted", "submitted", "submitted", "submitted"],
      processing: ["processing", "processing", "processing", "processing"],
      "documents-requested": ["processing", "processing", "processing", "processing"],
      rejected: [no, no, no, no],
      completed: [no, no, no, no],
      withdrawn: [no, no, no, no],
    },
  },
  {
    name: "withdraw",
    action: { kind: "withdraw" },
    rows: {
      draft: [no, no, no, no],
      submitted: ["withdrawn", no, no, no],
      processing: ["withdrawn", no, no, no],
      "documents-requested": ["withdrawn", no, no, no],
      rejected: [no, no, no, no],
      completed: [no, no, no, no],
      withdrawn: [no, no, no, no],
    },
  },
  {
    name: "reopen",
    action: { kind: "reopen" },
    rows: {
      draft: [no, no, no, no],
      submitted: [no, no, no, no],
      processing: [no, no, no, no],
      "documents-requested": [no, no, no, no],
      rejected: [no, no, "processing", "processing"],
      completed: [no, no, "processing", "processing"],
      withdrawn: [no, no, no, no],
    },
  },
];

const cases = table.flatMap(({ name, action, rows }) =>
  applicationStatuses.flatMap((from) =>
    movers.map(({ name: who, mover }, column) => ({ name, action, from, who, mover, expected: rows[from][column] as Expected })),
  ),
);

describe("move: every from-status × action × mover", () => {
  test("the table covers every status, every action kind and every mover", () => {
    expect(cases).toHaveLength(applicationStatuses.length * 8 * movers.length);
    expect(new Set(table.map((entry) => entry.action.kind))).toEqual(
      new Set(["set-status", "review-document", "request-documents", "documents-returned", "withdraw", "reopen"]),
    );
    for (const entry of table) expect(Object.keys(entry.rows).sort()).toEqual([...applicationStatuses].sort());
  });

  test.each(cases)("$name from $from by $who → $expected", ({ from, action, mover, expected }) => {
    const result = move(from, action, mover);
    if (expected === no) {
      expect(result.allowed).toBe(false);
      if (!result.allowed) expect(result.reason.length).toBeGreaterThan(0);
    } else {
      expect(result).toEqual({ allowed: true, to: expected });
    }
  });
});

describe("refusals say why", () => {
  test("a withdrawn application is read-only for staff", () => {
    expect(move("withdrawn", { kind: "set-status", to: "processing" }, { as: "staff", role: "manager" })).toEqual({
      allowed: false,
      reason: m.server_withdrawn_read_only({}, { locale: "en" }),
    });
    expect(move("withdrawn", { kind: "review-document" }, { as: "staff", role: "consultant" })).toEqual({
      allowed: false,
      reason: m.server_withdrawn_read_only({}, { locale: "en" }),
    });
  });

  test("a final application names the manager's reopen; a consultant's reopen names managers", () => {
    const completed = move("completed", { kind: "set-status", to: "rejected" }, { as: "staff", role: "consultant" });
    expect(completed).toMatchObject({ allowed: false, reason: expect.stringContaining("only a manager can reopen it") });
    expect(move("completed", { kind: "reopen" }, { as: "staff", role: "consultant" })).toEqual({
      allowed: false,
      reason: "Only a manager can reopen an application.",
    });
    expect(move("rejected", { kind: "withdraw" }, { as: "owner" })).toMatchObject({
      allowed: false,
      reason: expect.stringContaining("can no longer be withdrawn"),
    });
  });
});

describe("a thread a page at a time", () => {
  const messages = Array.from({ length: 45 }, (_, index) => index + 1);

  test("opens on the newest page; an older page is asked for; a page past the end is the last", () => {
    expect(threadPage(messages, null)).toEqual({ items: messages.slice(40), page: 3, pageCount: 3 });
    expect(threadPage(messages, "1").items).toEqual(messages.slice(0, 20));
    expect(threadPage(messages, "9").page).toBe(3);
    for (const odd of ["0", "-2", "1.5", "abc", ""]) expect(threadPage(messages, odd).page, odd).toBe(3);
    expect(threadPage([], null)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});
