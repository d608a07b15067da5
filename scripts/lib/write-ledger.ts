// The writes a server acknowledged (a 2xx received), each with what must be true of the data
// afterwards, for `npm run test:faults`: checked against the database and the stored files after
// every crash, and read back once through the API.
import type { SqlReader } from "./sql-reader";

/** Where a check looks: the database (as the crash left it) and the folder the server keeps uploads in. */
export type CheckContext = { db: SqlReader; uploads: string };
/** Null when the write is there as acknowledged; otherwise what is wrong. */
type Check<T> = (context: T) => Promise<string | null>;

type Entry = { kind: string; what: string; check: Check<CheckContext>; readBack?: Check<string>; readBackDone: boolean };

export class WriteLedger {
  private readonly entries: Entry[] = [];
  /** The acknowledged writes found missing or wrong, by what they were: the first problem found. */
  readonly lost = new Map<string, string>();
  private readonly registers = new Map<string, string[]>();

  get size() {
    return this.entries.length;
  }

  /**
   * A value about to be written over `key` (an application's status, a member's company). Returns what the
   * data may hold once that write is acknowledged: that value, or one sent after it whose answer a crash cut off.
   */
  overwrite(key: string, value: string): () => string[] {
    const values = this.registers.get(key) ?? [];
    this.registers.set(key, values);
    const position = values.push(value) - 1;
    return () => values.slice(position);
  }

  /**
   * A write of `kind` ("sign-up", "document"…) described by `what` (unique) was acknowledged: `check` must hold
   * after every crash; `readBack` (given the server's URL) once, through the API.
   */
  acknowledge(kind: string, what: string, check: Check<CheckContext>, readBack?: Check<string>) {
    this.entries.push({ kind, what, check, readBack, readBackDone: false });
  }

  /** How many writes of each kind were acknowledged from entry `from` on, e.g. "12 sign-up, 30 document". */
  summary(from = 0): string {
    const counts = new Map<string, number>();
    for (const entry of this.entries.slice(from)) counts.set(entry.kind, (counts.get(entry.kind) ?? 0) + 1);
    return [...counts].map(([kind, count]) => `${count} ${kind}`).join(", ");
  }

  /** Records a problem with an acknowledged write found outside the checks (its mail never came). */
  lose(what: string, problem: string) {
    if (!this.lost.has(what)) this.lost.set(what, problem);
  }

  /** Runs every check (those lost already aside); returns how many writes were found lost this time. */
  async verify(context: CheckContext): Promise<number> {
    const before = this.lost.size;
    for (const entry of this.entries) {
      if (this.lost.has(entry.what)) continue;
      const problem = await entry.check(context).catch((error: unknown) => `the check failed: ${String(error)}`);
      if (problem) this.lose(entry.what, problem);
    }
    return this.lost.size - before;
  }

  /** Reads back through the API, once each, the writes acknowledged since the last call. */
  async readBack(url: string): Promise<number> {
    const before = this.lost.size;
    for (const entry of this.entries) {
      if (!entry.readBack || entry.readBackDone || this.lost.has(entry.what)) continue;
      entry.readBackDone = true;
      const problem = await entry.readBack(url).catch((error: unknown) => `reading it back failed: ${String(error)}`);
      if (problem) this.lose(entry.what, problem);
    }
    return this.lost.size - before;
  }
}
