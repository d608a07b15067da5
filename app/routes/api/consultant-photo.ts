import { getSessionUser } from "~/.server/auth/session";
import { readConsultantPhoto } from "~/.server/consultants/consultant-photo";
import { errorResponse } from "~/.server/errors";
import { photoResponse } from "~/.server/storage/photo-response";
import type { Route } from "./+types/consultant-photo";

/** Consultants' pictures: public while the consultant is bookable (see readConsultantPhoto). */
export async function loader({ request, params }: Route.LoaderArgs) {
  let photo: Awaited<ReturnType<typeof readConsultantPhoto>>;
  try {
    photo = await readConsultantPhoto({ consultantId: params.consultantId, file: params.file, viewer: () => getSessionUser(request) });
  } catch (error) {
    return errorResponse(error);
  }
  return photoResponse(photo.bytes, photo.isPublic ? "public" : "private");
}
