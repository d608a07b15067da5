import { getSessionUser } from "~/.server/auth/session";
import { readConsultantPhoto } from "~/.server/consultants/consultant-photo";
import { errorResponse } from "~/.server/errors";
import type { Route } from "./+types/consultant-photo";

/** Consultants' pictures: public while the consultant is bookable (see readConsultantPhoto). */
export async function loader({ request, params }: Route.LoaderArgs) {
  let photo: Awaited<ReturnType<typeof readConsultantPhoto>>;
  try {
    photo = await readConsultantPhoto({ consultantId: params.consultantId, file: params.file, viewer: () => getSessionUser(request) });
  } catch (error) {
    return errorResponse(error);
  }
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(photo.bytes.length),
      // The key changes whenever the picture does, so a long life is safe.
      "Cache-Control": photo.isPublic ? "public, max-age=86400" : "private, max-age=86400",
    },
  });
}
