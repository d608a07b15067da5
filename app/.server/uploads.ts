import { AppError } from "./errors";

/**
 * Reads a form (multipart included) without letting a large body fill memory: the
 * body is counted as it arrives and refused past `maxBytes`.
 */
export async function readBoundedFormData(request: Request, maxBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new AppError("INVALID", tooLarge(maxBytes));
  if (!request.body) return request.formData();
  let received = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(new AppError("INVALID", tooLarge(maxBytes)));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Response(counted, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch (error) {
    if (received > maxBytes) throw new AppError("INVALID", tooLarge(maxBytes));
    throw error;
  }
}

function tooLarge(maxBytes: number) {
  return `The upload is too large: at most ${Math.round(maxBytes / 1024 / 1024)} MB.`;
}
