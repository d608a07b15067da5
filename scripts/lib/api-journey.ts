// A whole journey through the JSON API alone (ADR 033), for `npm run api:journey` and its browser
// test: a student signs up and confirms the e-mail (the link read from the mail), logs in, finds a
// university and shortlists it, applies with 15 documents and books a consultant's slot; the
// consultant accepts the booking; a manager sets the application to Processing.

import sharp from "sharp";
import { documentFields } from "./document-fields.mjs";

type Account = { email: string; password: string };
type Envelope = { status: "Success" | "Error"; data?: unknown; meta?: unknown; error?: { code: string; message: string } };

export type JourneyOptions = {
  /** The running server, e.g. http://localhost:3000. */
  url: string;
  manager: Account;
  consultant: Account;
  student: Account & { name: string };
  /** The confirmation link e-mailed to `email` after sign-up. */
  confirmationLink: (email: string) => Promise<string>;
  log?: (line: string) => void;
};

export type JourneyResult = { universitySlug: string; applicationId: string; bookingId: string; consultantId: string };

/** A minimal valid one-page PDF showing `text`, as a scanned statement would be (the tests' documents too). */
export function onePagePdf(text: string): string {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
  ];
  const stream = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}

/** A client of the JSON API at `url` (e.g. http://localhost:3000): `call` throws with the envelope's message unless the status is `expected` (200 when not given). */
export function apiClient(url: string) {
  const base = `${url.replace(/\/+$/, "")}/api/v1`;
  async function send(method: string, path: string, init: { token?: string; json?: unknown; form?: FormData; expected?: number } = {}) {
    const headers: Record<string, string> = {};
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    });
    const envelope = (await response.json()) as Envelope;
    if (response.status !== (init.expected ?? 200)) {
      throw new Error(`${method} ${path} answered ${response.status}: ${envelope.error?.message ?? JSON.stringify(envelope)}`);
    }
    return envelope;
  }
  const call = async <T>(...args: Parameters<typeof send>) => (await send(...args)).data as T;
  /** Every item of a paginated list (`path` without `page`), page after page. */
  async function everyPage<T>(path: string, token?: string): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const envelope = await send("GET", `${path}${path.includes("?") ? "&" : "?"}page=${page}`, { token });
      items.push(...(envelope.data as T[]));
      const meta = envelope.meta as { pageSize: number; total: number };
      if (page * meta.pageSize >= meta.total) return items;
    }
  }
  const login = async ({ email, password }: Account) =>
    (await call<{ token: string }>("POST", "/auth/login", { json: { email, password } })).token;
  return { call, everyPage, login };
}

export async function runApiJourney(options: JourneyOptions): Promise<JourneyResult> {
  const log = options.log ?? (() => {});
  const { call, login } = apiClient(options.url);

  // The student signs up, confirms the address from the e-mail, and logs in.
  const { student } = options;
  await call("POST", "/users", {
    json: { name: student.name, email: student.email, password: student.password, confirmPassword: student.password },
    expected: 202,
  });
  const link = await options.confirmationLink(student.email);
  const confirmed = await fetch(link, { redirect: "manual" });
  if (confirmed.status >= 400) throw new Error(`the confirmation link answered ${confirmed.status}`);
  const studentToken = await login(student);
  log(`signed up, confirmed and logged in: ${student.email}`);

  // Finds a university by the finder's filters and shortlists it.
  const [university] = await call<{ slug: string; name: string }[]>(
    "GET",
    "/universities?country=Germany&ielts=6.5&sort=tuition&pageSize=5",
  );
  if (!university) throw new Error("the finder found no university in Germany");
  await call("PUT", `/shortlist/${university.slug}`, { token: studentToken });
  log(`shortlisted ${university.name}`);

  // Applies: 15 documents one by one into the draft, then the text.
  for (const field of documentFields) {
    const form = new FormData();
    form.append(field, new File([onePagePdf(field)], `${field}.pdf`, { type: "application/pdf" }));
    await call("PUT", `/me/application/documents/${field}`, { token: studentToken, form });
  }
  const { id: applicationId } = await call<{ id: string }>("POST", "/me/application/submit", {
    token: studentToken,
    json: {
      countryName: "Germany",
      universityName: university.name,
      name: student.name,
      address: "House 12, Road 5, Dhanmondi, Dhaka",
      fatherName: "Abdul Karim",
      motherName: "Salma Begum",
      sponsorName: "Abdul Karim",
    },
    expected: 201,
  });
  log(`applied with 15 documents: application ${applicationId}`);

  // The consultant has a profile (a manager adds it when missing) and a free slot two days ahead.
  const [managerToken, consultantToken] = await Promise.all([login(options.manager), login(options.consultant)]);
  let { consultantId } = await call<{ consultantId: string | null }>("GET", "/me", { token: consultantToken });
  if (!consultantId) {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Journey Consultant",
      university: "Technical University of Munich",
      country: "Germany",
      email: options.consultant.email,
      phone: "+49 30 1234567",
      profession: "Admissions adviser",
      description: "Helps with German applications, blocked accounts and the first weeks in Munich.",
    }))
      form.set(name, value);
    const picture = await sharp({ create: { width: 80, height: 80, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer();
    form.set("profile", new File([new Uint8Array(picture)], "consultant.png", { type: "image/png" }));
    consultantId = (await call<{ id: string }>("POST", "/consultants", { token: managerToken, form, expected: 201 })).id;
  }
  const start = new Date(Date.now() + 50 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, "0");
  const slot = await call<{ id: string }>("POST", "/me/slots", {
    token: consultantToken,
    json: {
      date: `${start.getUTCFullYear()}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}`,
      time: `${pad(start.getUTCHours())}:${pad(start.getUTCMinutes())}`,
      duration: "30",
      timeZone: "UTC",
    },
    expected: 201,
  });
  log(`the consultant added a slot: ${slot.id}`);

  // The student books it; the consultant accepts; staff set the application to Processing.
  const { bookingId } = await call<{ bookingId: string }>("POST", `/consultants/${consultantId}/bookings`, {
    token: studentToken,
    json: {
      slot: slot.id,
      name: student.name,
      email: student.email,
      phone: "+880 1711 000000",
      address: "House 12, Road 5, Dhanmondi, Dhaka",
    },
    expected: 201,
  });
  await call("POST", `/bookings/${bookingId}/status`, { token: consultantToken, json: { status: "accepted" } });
  log(`booked and accepted: booking ${bookingId}`);
  await call("POST", `/applications/${applicationId}/status`, { token: managerToken, json: { status: "processing" } });
  log("staff set the application to Processing");
  return { universitySlug: university.slug, applicationId, bookingId, consultantId };
}
