import { getSessionUser } from "~/.server/auth/session";
import { errorResponse } from "~/.server/errors";
import { readMemberPhoto } from "~/.server/networking/member-photo";
import { photoResponse } from "~/.server/storage/photo-response";
import type { Route } from "./+types/member-photo";

/** Networking members' photos: for signed-in people only (see readMemberPhoto). */
export async function loader({ request, params }: Route.LoaderArgs) {
  let bytes: Buffer;
  try {
    bytes = await readMemberPhoto({ memberId: params.memberId, file: params.file, viewer: await getSessionUser(request) });
  } catch (error) {
    return errorResponse(error);
  }
  // Never shared by caches: only signed-in people may see it.
  return photoResponse(bytes, "private");
}
