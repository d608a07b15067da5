// node scripts/update-common-passwords.mjs [version]
// Regenerates app/.server/auth/common-passwords.txt from the npm package
// @zxcvbn-ts/language-common (MIT licence): its src/passwords.json lists leaked passwords,
// most common first. The package is fetched with `npm pack` into a temporary folder, so it
// is not a dependency of the app; the generated file is committed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const version = process.argv[2] ?? "4.1.3";
const spec = `@zxcvbn-ts/language-common@${version}`;
const work = mkdtempSync(join(tmpdir(), "common-passwords-"));
try {
  const tarball = execFileSync("npm", ["pack", spec, "--silent", "--pack-destination", work], { encoding: "utf8" })
    .trim()
    .split("\n")
    .pop();
  execFileSync("tar", ["-xzf", join(work, tarball), "-C", work, "package/src/passwords.json", "package/package.json"]);
  const manifest = JSON.parse(readFileSync(join(work, "package", "package.json"), "utf8"));
  const passwords = JSON.parse(readFileSync(join(work, "package", "src", "passwords.json"), "utf8"));
  if (!Array.isArray(passwords) || passwords.length < 40_000) throw new Error(`unexpected dictionary: ${passwords.length} entries`);
  const entries = [...new Set(passwords.map((password) => String(password).toLowerCase()))].filter(
    (password) => password !== "" && !password.includes("\n") && !password.startsWith("# "),
  );
  const header = [
    `# Common passwords: ${entries.length} entries from ${manifest.name} ${manifest.version} (src/passwords.json),`,
    `# licence ${manifest.license} (Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.; Copyright (c) 2021 @zxcvbn-ts).`,
    "# Most common first, lower-cased. Regenerate with: node scripts/update-common-passwords.mjs",
  ];
  const target = new URL("../app/.server/auth/common-passwords.txt", import.meta.url);
  writeFileSync(target, `${[...header, ...entries].join("\n")}\n`);
  console.log(`wrote ${entries.length} passwords from ${spec}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
