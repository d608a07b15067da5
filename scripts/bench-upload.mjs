// `npm run bench:upload`: BENCH_APPLICATIONS (10) complete applications posted at once to the
// production server, each the whole /apply form with 15 documents of BENCH_DOCUMENT_MB (5) MB,
// as a browser without JavaScript sends it. Prints the total time, the throughput against copying
// the same bytes to the same disk (written and fsynced the same way, in the same run), and the
// server's peak RSS above its idle RSS. Targets: at most 150 MB above idle, and at least half the
// copy's throughput; exit code 1 when one is missed. The server runs with the heap cap of `npm start`.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { documentFields as fields } from "./lib/document-fields.mjs";
import { seedAccounts, startProductionServer } from "./lib/production-server.mjs";

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS) || 10;
const DOCUMENT_MB = Number(process.env.BENCH_DOCUMENT_MB) || 5;
const RSS_TARGET_MB = 150;
const THROUGHPUT_TARGET = 0.5;
const students = Array.from({ length: APPLICATIONS }, (_, index) => ({
  email: `bench-applicant-${index + 1}@onward.test`,
  password: `a long bench passphrase ${index + 100}`,
  name: `Bench Applicant ${index + 1}`,
  role: "student",
}));

const CLOCK_TICK_S = 1 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_S;
}

function rssMb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Scanned statements: PDFs as far as their first bytes go, random (incompressible) after that. */
function documents() {
  const size = DOCUMENT_MB * 1024 * 1024;
  return fields.map((field) => {
    const bytes = randomBytes(size);
    bytes.write(`%PDF-1.4\n%${field}\n`, 0, "latin1");
    return { field, bytes };
  });
}

async function signIn(url, account) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ email: account.email, password: account.password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .filter((pair) => pair.includes("session_token"))
    .join("; ");
  if (!cookie) throw new Error(`sign-in failed for ${account.email}: ${response.status}`);
  return cookie;
}

/**
 * The whole form as one multipart body, built before the clock starts: the client's own work
 * (encoding the form) must not compete with the server for the machine's two cores.
 */
function applicationBody(files) {
  const boundary = `----onward-bench-${randomBytes(8).toString("hex")}`;
  const parts = [];
  for (const [name, value] of Object.entries({
    countryName: "Germany",
    universityName: "Technical University of Munich",
    name: "Bench Applicant",
    address: "House 12, Road 5, Dhanmondi, Dhaka",
    fatherName: "Abdul Karim",
    motherName: "Salma Begum",
    sponsorName: "Abdul Karim",
  })) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const { field, bytes } of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
    );
    parts.push(bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts a prepared body in 1 MB writes, as a browser streams a form; resolves with the status and Location. */
function apply(url, cookie, { body, contentType }) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/apply`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: url, "Content-Type": contentType, "Content-Length": body.length },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => {
        const location = response.headers.location ?? "";
        if (response.statusCode !== 303 || !location.includes("/dashboard/my-applications/"))
          reject(new Error(`the application was refused: ${response.statusCode}`));
        else resolve();
      });
    });
    request.on("error", reject);
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + 1024 * 1024);
        offset += chunk.length;
        if (!request.write(chunk)) return request.once("drain", writeMore);
      }
      request.end();
    };
    writeMore();
  });
}

/** The same bytes written to the same disk as the uploads land on: a temporary name, fsync, rename, as the server does. */
async function copyBaseline(folder, files) {
  mkdirSync(folder, { recursive: true });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: APPLICATIONS }, async (_, application) => {
      for (const { field, bytes } of files) {
        const file = path.join(folder, `${application}-${field}.pdf`);
        const handle = await open(`${file}.partial`, "w", 0o600);
        // 64 kB at a time, as a stream arrives.
        for (let offset = 0; offset < bytes.length; offset += 65_536) await handle.write(bytes.subarray(offset, offset + 65_536));
        await handle.sync();
        await handle.close();
        await import("node:fs/promises").then(({ rename }) => rename(`${file}.partial`, file));
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "onward-bench-upload-"));
seedAccounts(dataDir, students);

const server = await startProductionServer({ dataDir, env: { LOG_LEVEL: "warn" } });
let failed = false;
try {
  const files = documents();
  const totalMb = APPLICATIONS * files.length * DOCUMENT_MB;
  const cookies = [];
  for (const student of students) cookies.push(await signIn(server.url, student));
  const bodies = cookies.map(() => applicationBody(files));
  // Let the server settle to its idle size after the sign-ins.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idle = rssMb(server.pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 50);
  const started = performance.now();
  const before = cpuSeconds(server.pid);
  await Promise.all(cookies.map((cookie, index) => apply(server.url, cookie, bodies[index])));
  const seconds = (performance.now() - started) / 1000;
  const serverCpu = cpuSeconds(server.pid) - before;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));

  const copySeconds = await copyBaseline(path.join(dataDir, "copy-baseline"), files);
  const uploadRate = totalMb / seconds;
  const copyRate = totalMb / copySeconds;
  const above = peak - idle;
  console.log(`${APPLICATIONS} applications × ${files.length} documents × ${DOCUMENT_MB} MB = ${totalMb} MB`);
  console.log(`upload: ${seconds.toFixed(1)} s, ${uploadRate.toFixed(1)} MB/s`);
  console.log(
    `copy to the same disk: ${copySeconds.toFixed(1)} s, ${copyRate.toFixed(1)} MB/s (upload at ${((uploadRate / copyRate) * 100).toFixed(0)}% of it; target ≥ ${THROUGHPUT_TARGET * 100}%)`,
  );
  console.log(`server CPU while uploading: ${serverCpu.toFixed(1)} s (${((serverCpu / seconds) * 100).toFixed(0)}% of one core)`);
  console.log(
    `server RSS: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, ${above.toFixed(0)} MB above idle (target ≤ ${RSS_TARGET_MB} MB)`,
  );
  if (above > RSS_TARGET_MB) {
    console.error("FAIL: the server's memory grew past the target");
    failed = true;
  }
  if (uploadRate < copyRate * THROUGHPUT_TARGET) {
    console.error("FAIL: uploads are slower than half a plain copy");
    failed = true;
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
