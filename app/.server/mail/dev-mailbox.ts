import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { getConfig } from "../config";
import { isFinishedMailFile } from "./transport";

/** The .eml files written while no SMTP_URL is set, newest first (development only). */
export async function listDevMail(): Promise<{ name: string; content: string }[]> {
  const folder = path.join(getConfig().dataDir, "mail");
  const names = await readdir(folder).catch(() => [] as string[]);
  const newest = names.filter(isFinishedMailFile).sort().reverse().slice(0, 50);
  return Promise.all(newest.map(async (name) => ({ name, content: await readFile(path.join(folder, name), "utf8") })));
}
