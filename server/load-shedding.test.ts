import { EventEmitter } from "node:events";
import type http from "node:http";
import { afterEach, expect, test } from "vitest";
import { Admission } from "./load-shedding";

const admissions: Admission[] = [];
afterEach(() => {
  for (const admission of admissions.splice(0)) admission.stop();
});

/** A request and its response as far as Admission looks at them: events only. */
function exchange() {
  return { req: new EventEmitter() as http.IncomingMessage, res: new EventEmitter() as http.ServerResponse };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Keeps the event loop busy for `ms`, as a long run of requests read one after another does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

test("after the event loop was found busy past the limit, page views are turned away for as long again; posts only past twice the limit", async () => {
  const admission = new Admission(64, 200);
  admissions.push(admission);
  await tick();
  const first = exchange();
  expect(admission.admit(first.req, first.res, "GET")).toBe(true);
  busy(300);
  const late = exchange();
  expect(admission.admit(late.req, late.res, "GET")).toBe(false);
  // A post is let in until twice the limit.
  const post = exchange();
  expect(admission.admit(post.req, post.res, "POST")).toBe(true);
  busy(150);
  expect(admission.admit(exchange().req, exchange().res, "POST")).toBe(false);
  // The loop rests, but the page views already waiting are still turned away until 200 ms have passed…
  await tick();
  expect(admission.admit(exchange().req, exchange().res, "GET")).toBe(false);
  const laterPost = exchange();
  expect(admission.admit(laterPost.req, laterPost.res, "POST")).toBe(true);
  // …and let in after.
  await new Promise((resolve) => setTimeout(resolve, 250));
  const rested = exchange();
  expect(admission.admit(rested.req, rested.res, "GET")).toBe(true);
});

test("places are counted from a body's end to the answer's close, and given back", async () => {
  const admission = new Admission(2, 10_000);
  admissions.push(admission);
  const [a, b] = [exchange(), exchange()];
  expect(admission.admit(a.req, a.res, "GET")).toBe(true);
  const upload = exchange();
  expect(admission.admit(upload.req, upload.res, "POST")).toBe(true);
  expect(admission.working).toBe(1);
  upload.req.emit("end");
  expect(admission.working).toBe(2);
  expect(admission.admit(b.req, b.res, "GET")).toBe(false);
  a.res.emit("close");
  upload.res.emit("close");
  expect(admission.working).toBe(0);
  // A body that ends after its answer (cut off) takes no place.
  const cut = exchange();
  expect(admission.admit(cut.req, cut.res, "POST")).toBe(true);
  cut.res.emit("close");
  cut.req.emit("end");
  expect(admission.working).toBe(0);
});
