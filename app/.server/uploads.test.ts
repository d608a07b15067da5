import { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import { AppError } from "./errors";
import { PartHeaderSanitiser } from "./multipart-headers";
import { readBoundedFormData, readMultipart, UploadTooLargeError } from "./uploads";

function formRequest(form: FormData): Request {
  return new Request("http://localhost/upload", { method: "POST", body: form });
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("readMultipart", () => {
  test("hands each file to the handler as a stream, in order, with the fields read so far, and returns the text fields", async () => {
    const form = new FormData();
    form.append("draftId", "d1");
    form.append("a", new File(["first"], "a.txt"));
    form.append("name", "Nusrat");
    form.append("b", new File(["second"], "b.txt"));
    const seen: string[] = [];
    const fields = await readMultipart(formRequest(form), {
      maxFileBytes: 100,
      maxFiles: 5,
      onFile: async (part, soFar) => {
        seen.push(`${part.field}:${(await collect(part.stream)).toString()}:${soFar.get("draftId")}`);
      },
    });
    expect(seen).toEqual(["a:first:d1", "b:second:d1"]);
    expect(Object.fromEntries(fields)).toEqual({ draftId: "d1", name: "Nusrat" });
  });

  test("a file at the limit passes; one byte more fails its stream, and the parse goes on to the next part", async () => {
    const form = new FormData();
    form.append("exact", new File([Buffer.alloc(50)], "exact.bin"));
    form.append("over", new File([Buffer.alloc(51)], "over.bin"));
    form.append("after", new File(["ok"], "after.txt"));
    const outcomes: Record<string, string> = {};
    await readMultipart(formRequest(form), {
      maxFileBytes: 50,
      maxFiles: 5,
      onFile: async (part) => {
        try {
          outcomes[part.field] = String((await collect(part.stream)).length);
        } catch (error) {
          outcomes[part.field] = error instanceof UploadTooLargeError ? "too large" : String(error);
        }
      },
    });
    expect(outcomes).toEqual({ exact: "50", over: "too large", after: "2" });
  });

  test("too many files, a field too long, or a broken body is an INVALID refusal", async () => {
    const many = new FormData();
    for (const name of ["a", "b", "c"]) many.append(name, new File(["x"], `${name}.txt`));
    await expect(readMultipart(formRequest(many), { maxFileBytes: 10, maxFiles: 2, onFile: async () => {} })).rejects.toBeInstanceOf(
      AppError,
    );
    const long = new FormData();
    long.append("name", "x".repeat(2_000));
    await expect(
      readMultipart(formRequest(long), { maxFileBytes: 10, maxFiles: 2, maxFieldBytes: 1_000, onFile: async () => {} }),
    ).rejects.toMatchObject({
      code: "INVALID",
    });
    const cut = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="a"; filename="a.txt"\r\n\r\nhalf a fi',
    });
    await expect(
      readMultipart(cut, { maxFileBytes: 100, maxFiles: 2, onFile: async (part) => void (await collect(part.stream).catch(() => null)) }),
    ).rejects.toMatchObject({
      code: "INVALID",
    });
  });

  test("a file name with control characters arrives under a harmless name instead of breaking the form", async () => {
    const form = new FormData();
    form.append("a", new File(["x"], "bad\u0007name\u0000.png"));
    const names: string[] = [];
    await readMultipart(formRequest(form), { maxFileBytes: 10, maxFiles: 2, onFile: async (part) => void names.push(part.fileName) });
    expect(names).toEqual(["bad_name_.png"]);
  });
});

test("the header sanitiser changes header bytes only, whichever way the body is cut into chunks", async () => {
  const body = Buffer.from(
    '--b\r\nContent-Disposition: form-data; name="f"; filename="a\u0001.png"\r\n\r\nbody\u0001bytes\r\n--b\r\n' +
      'Content-Disposition: form-data; name="g"; filename="c\u0002d.pdf"\r\n\r\n\r\n--\r\n\r\nmore\u0003\r\n--b--\r\n',
    "latin1",
  );
  const expected = body.toString("latin1").replace("a\u0001.png", "a_.png").replace("c\u0002d.pdf", "c_d.pdf");
  for (const size of [1, 2, 3, 4, 5, 6, 7, 11, 13, 64, body.length]) {
    const chunks = Array.from({ length: Math.ceil(body.length / size) }, (_, index) => body.subarray(index * size, (index + 1) * size));
    const out = await collect(Readable.from(chunks).pipe(new PartHeaderSanitiser("b")));
    expect(out.toString("latin1")).toBe(expected);
  }
});

test("readBoundedFormData still gives small forms with their files, and refuses a body over its cap", async () => {
  const form = new FormData();
  form.append("name", "x");
  form.append("photo", new File([Buffer.alloc(100)], "p.png", { type: "image/png" }));
  const read = await readBoundedFormData(formRequest(form), 10_000);
  expect(read.get("name")).toBe("x");
  expect((read.get("photo") as File).size).toBe(100);
  const big = new FormData();
  big.append("photo", new File([Buffer.alloc(20_000)], "p.png"));
  await expect(readBoundedFormData(formRequest(big), 10_000)).rejects.toMatchObject({
    code: "INVALID",
    message: "The upload is too large: at most 0 MB.",
  });
});
