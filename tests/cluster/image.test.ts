import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort, root } from "../../scripts/lib/production-server.mjs";
import { loggedErrors } from "../support/server-process";
import { signInOverHttp } from "../support/server-users";
import { firstLink } from "../support/smtp";

/**
 * The production image without a container runtime (issue 29): the Dockerfile's last stage
 * assembled in a clean directory (its COPY lines read from the Dockerfile, its node_modules made
 * by the same `npm install` its dependencies stage runs, its build the repository's `build/`),
 * then started with the image's CMD and ENV. It proves that the production dependency set and
 * the copied files are all the server needs, and that Node exits cleanly on SIGTERM as PID 1.
 * Not covered: the Node 24 base image (this runs the test's Node) and the non-root user.
 */

type Copy = { from?: string; sources: string[]; dest: string };
type Stage = { name?: string; workdir: string; copies: Copy[]; runs: string[]; env: Record<string, string>; cmd?: string[] };

/** The few instruction forms our Dockerfile uses; anything else fails loudly, so the test is taught rather than fooled. */
function readDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.replace(/\\\r?\n/g, " ").split(/\r?\n/);
  for (const line of lines.map((raw) => raw.trim()).filter((raw) => raw && !raw.startsWith("#"))) {
    const [instruction = "", ...words] = line.split(/\s+/);
    const rest = line.slice(instruction.length).trim();
    if (instruction.toUpperCase() === "FROM") {
      stages.push({ name: words[1]?.toLowerCase() === "as" ? words[2] : undefined, workdir: "/", copies: [], runs: [], env: {} });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile: ${instruction} before FROM`);
    switch (instruction.toUpperCase()) {
      case "WORKDIR":
        stage.workdir = path.posix.resolve(stage.workdir, rest);
        break;
      case "COPY":
        stage.copies.push(parseCopy(words, line));
        break;
      case "RUN":
        stage.runs.push(rest);
        break;
      case "ENV":
        Object.assign(stage.env, parseEnv(words, line));
        break;
      case "CMD":
        stage.cmd = JSON.parse(rest) as string[];
        break;
    }
  }
  return stages;
}

function parseCopy(words: string[], line: string): Copy {
  const flags = words.filter((word) => word.startsWith("--"));
  const paths = words.filter((word) => !word.startsWith("--"));
  const unknownFlag = flags.find((flag) => !flag.startsWith("--from="));
  if (unknownFlag || paths.length < 2 || paths[0]?.startsWith("[")) throw new Error(`Dockerfile: this test cannot read "${line}"`);
  return { from: flags[0]?.slice("--from=".length), sources: paths.slice(0, -1), dest: paths.at(-1) ?? "" };
}

function parseEnv(words: string[], line: string): Record<string, string> {
  if (!words.every((word) => word.includes("="))) throw new Error(`Dockerfile: this test reads only ENV key=value, not "${line}"`);
  return Object.fromEntries(words.map((word) => [word.slice(0, word.indexOf("=")), word.slice(word.indexOf("=") + 1)]));
}

/** Where a COPY puts one source, inside the stage's WORKDIR (a trailing slash or several sources mean a folder). */
function destinationOf(copy: Copy, source: string, workdir: string): string {
  const into = copy.dest.endsWith("/") || copy.sources.length > 1;
  return path.posix.relative(
    workdir,
    path.posix.resolve(workdir, into ? path.posix.join(copy.dest, path.posix.basename(source)) : copy.dest),
  );
}

/** The .dockerignore entries (plain names, as ours has): Docker leaves these out of the build context. */
function ignoredByDocker(source: string): boolean {
  const entries = readFileSync(path.join(root, ".dockerignore"), "utf8")
    .split("\n")
    .map((entry) => entry.trim().replace(/^\.?\//, ""))
    .filter((entry) => entry && !entry.startsWith("#"));
  return entries.some((entry) => source === entry || source.startsWith(`${entry}/`));
}

/** Runs a command to its end; rejects with what it printed when it fails. */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output}`))));
  });
}

/**
 * npm's environment without what `npm run test:cluster` and vitest add (npm_config_local_prefix names the
 * repository, NODE_ENV=test is the test runner's): as in a fresh container. npm still reads its .npmrc files.
 */
function installEnvironment(): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([key]) => !/^(npm_|node_env$|node_options$|node_path$|vitest)/i.test(key));
  return { ...Object.fromEntries(kept), PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
}

/** Replays a stage that makes node_modules: its COPYs from the context, then the npm install (or ci) of its RUN lines. */
async function replayDependencyStage(stage: Stage, dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const copy of stage.copies) {
    if (copy.from || copy.sources.includes("."))
      throw new Error(`The test replays only stages that copy named files; stage ${stage.name} does not`);
    for (const source of copy.sources) await cp(path.join(root, source), path.join(dir, destinationOf(copy, source, stage.workdir)));
  }
  // `npm cache clean` (the image's size) is left out: it would empty this machine's cache, which makes the next run fast.
  const installs = stage.runs
    .flatMap((line) => line.split("&&").map((part) => part.trim()))
    .filter((part) => /^npm (install|ci)\b/.test(part));
  if (installs.length === 0) throw new Error(`Stage ${stage.name} runs no npm install`);
  for (const install of installs) {
    const [, ...args] = install.split(/\s+/);
    await run("npm", args, { cwd: dir, env: installEnvironment() });
  }
  return path.join(dir, "node_modules");
}

/** Puts one COPY of the final stage into `appDir` (the image's WORKDIR). */
async function assembleCopy(copy: Copy, stages: Stage[], appDir: string, workdir: string, scratch: string) {
  for (const source of copy.sources) {
    const target = path.join(appDir, destinationOf(copy, source, workdir));
    await mkdir(path.dirname(target), { recursive: true });
    if (!copy.from) {
      expect(ignoredByDocker(source), `${source} is copied from the build context, but .dockerignore leaves it out`).toBe(false);
      await cp(path.join(root, source), target, { recursive: true });
      continue;
    }
    const stage = stages.find((candidate) => candidate.name === copy.from);
    if (!stage) throw new Error(`COPY --from=${copy.from}: no such stage`);
    const inStage = path.posix.relative(stage.workdir, source);
    if (inStage === "node_modules") {
      await rename(await replayDependencyStage(stage, path.join(scratch, `stage-${stage.name}`)), target);
      continue;
    }
    // Any other file of a stage is the repository's own: the build stage is the repository after `npm run build`.
    if (inStage === "build" && !existsSync(path.join(root, "build", "server", "index.js"))) {
      throw new Error("No production build in build/: run `npm run build` first (.ci/run builds before this test).");
    }
    await cp(path.join(root, inStage), target, { recursive: true });
  }
}

/** The packages (not node: built-ins, not relative files) the server build imports, statically or on demand. */
function packagesTheBuildImports(appDir: string): string[] {
  const serverDir = path.join(appDir, "build", "server");
  const files = readdirSync(serverDir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".js"));
  const found = new Set<string>();
  for (const file of files) {
    const code = readFileSync(path.join(serverDir, file), "utf8");
    for (const match of code.matchAll(/^import (?:[^;]*? from )?"([^"]+)";$|\bimport\("([^"]+)"\)/gm))
      found.add(match[1] ?? match[2] ?? "");
  }
  return [...found].filter((name) => name && !name.startsWith("node:") && !name.startsWith(".") && !name.startsWith("/"));
}

/** Imports each package from `appDir` in a fresh Node; the ones that fail, with their error. */
async function unloadablePackages(appDir: string, names: string[]): Promise<string[]> {
  const script = `const failed = [];
for (const name of ${JSON.stringify(names)}) { try { await import(name); } catch (error) { failed.push(name + ": " + error.message.split("\\n")[0]); } }
console.log(JSON.stringify(failed));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: appDir, env: { PATH: process.env.PATH ?? "" } });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  await new Promise((resolve) => child.once("exit", resolve));
  return JSON.parse(output || '["(the import check printed nothing)"]') as string[];
}

/** A folder named node_modules above `dir` would lend the server packages the image does not have. */
function nodeModulesAbove(dir: string): string[] {
  const found: string[] = [];
  for (let parent = path.dirname(dir); parent !== path.dirname(parent); parent = path.dirname(parent)) {
    if (existsSync(path.join(parent, "node_modules"))) found.push(parent);
  }
  return found;
}

type RunningImage = { url: string; child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> };

/** Starts the image's CMD in `appDir` with its ENV, a free PORT and `dataDir`; resolves when /readyz answers 200. */
async function startImage(stage: Stage, appDir: string, dataDir: string): Promise<RunningImage> {
  const [program, ...args] = stage.cmd ?? [];
  if (program !== "node") throw new Error(`The image's CMD starts ${program}, not node`);
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? "", ...stage.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let [stdout, stderr] = ["", ""];
  child.stdout?.on("data", (chunk) => (stdout += chunk));
  child.stderr?.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const image = { url: `http://127.0.0.1:${port}`, child, stdout: () => stdout, stderr: () => stderr, exited };
  // A fresh DATA_DIR takes ~7 s (PGlite creates its cluster, docs/benchmarks.md); a busy 2-core machine, several times that.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) before it was ready:\n${stdout}${stderr}`);
    const ready = await fetch(`${image.url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return image;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`/readyz did not answer 200 within 90 s:\n${stdout}${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The confirmation mail the server kept as an .eml file in DATA_DIR/mail (no SMTP_URL in the image). */
async function waitForMailFile(dataDir: string, to: string): Promise<string> {
  const folder = path.join(dataDir, "mail");
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(".eml"));
    for (const name of names) {
      const raw = await readFile(path.join(folder, name), "utf8");
      if (raw.includes(to)) return raw;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} in ${folder} within 20 s`);
}

const postForm = (url: string, form: Record<string, string>, cookie = "") =>
  fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(form),
  });

describe("the production image, assembled from the Dockerfile without Docker", () => {
  const stages = readDockerfile(readFileSync(path.join(root, "Dockerfile"), "utf8"));
  const finalStage = stages.at(-1) as Stage;
  let scratch: string;
  let appDir: string;
  let dataDir: string;
  let image: RunningImage;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "onward-image-"));
    appDir = path.join(scratch, "app");
    dataDir = path.join(scratch, "data");
    await mkdir(dataDir);
    for (const copy of finalStage.copies) await assembleCopy(copy, stages, appDir, finalStage.workdir, scratch);
  });
  afterAll(async () => {
    if (image && image.child.exitCode === null && image.child.signalCode === null) image.child.kill("SIGKILL");
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  test("the assembled directory holds no devDependency, and every package the server build imports loads from it", async () => {
    expect(nodeModulesAbove(appDir), "a node_modules above the temporary directory").toEqual([]);
    const { devDependencies } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    const installed = Object.keys(devDependencies).filter((name) => existsSync(path.join(appDir, "node_modules", name)));
    expect(installed, "devDependencies installed by the image's npm install").toEqual([]);
    const imported = packagesTheBuildImports(appDir);
    // The S3 SDK is imported only when S3_BUCKET is set: a start without it would not notice it missing.
    expect(imported).toEqual(expect.arrayContaining(["react", "@node-rs/argon2", "sharp", "@aws-sdk/client-s3"]));
    expect(await unloadablePackages(appDir, imported)).toEqual([]);
  });

  test("started with the image's CMD and ENV it is ready, serves its pages and the browser build", async () => {
    image = await startImage(finalStage, appDir, dataDir);
    for (const page of ["/", "/find-university", "/login"]) {
      const response = await fetch(`${image.url}${page}`);
      expect([page, response.status, response.headers.get("content-type")]).toEqual([page, 200, "text/html; charset=utf-8"]);
      expect(await response.text()).toMatch(/^<!DOCTYPE html>/i);
    }
    const home = await (await fetch(image.url)).text();
    const asset = home.match(/"(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset, "the home page names a script of the browser build").toBeDefined();
    const served = await fetch(`${image.url}${asset}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(readFileSync(path.join(root, "build", "client", asset ?? "")))).toBe(true);
  });

  test("a visitor signs up, confirms through the mailed link and signs in; a wrong password gets a readable 400", async () => {
    const person = { name: "Image Tester", email: "image-tester@example.com", password: "mango season 2026" };
    const signUp = await postForm(`${image.url}/signup`, { ...person, confirmPassword: person.password });
    expect([signUp.status, signUp.headers.get("location")]).toEqual([303, "/signup/check-email"]);
    const link = firstLink(await waitForMailFile(dataDir, person.email), "/verify-email?token=");
    const confirmed = await fetch(link.replace(/^https?:\/\/[^/]+/, image.url), { redirect: "manual" });
    expect(confirmed.headers.get("location"), "the confirmation link redirects home").toBe("/");
    const wrong = await postForm(`${image.url}/login`, { email: person.email, password: "not the password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Invalid email or password");
    const cookie = await signInOverHttp(image, person);
    const dashboard = await fetch(`${image.url}/dashboard`, { headers: { Cookie: cookie } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain(`Welcome, ${person.name}`);
  });

  test("SIGTERM ends it with exit code 0 within 12 s, and it never missed a module nor logged an error", async () => {
    const started = Date.now();
    image.child.kill("SIGTERM");
    const code = await Promise.race([image.exited, new Promise((resolve) => setTimeout(() => resolve("still running"), 12_000))]);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(image.stderr()).not.toMatch(/ERR_MODULE_NOT_FOUND|Cannot find (module|package)/);
    expect(loggedErrors({ output: () => image.stdout() + image.stderr() })).toEqual([]);
  });
});
