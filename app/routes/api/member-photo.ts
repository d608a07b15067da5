import { getSessionUser } from "~/.server/auth/session";
import { errorResponse } from "~/.server/errors";
import { readMemberPhoto } from "~/.server/networking/member-photo";
import type { Route } from "./+types/member-photo";

/** Networking members' photos: for signed-in people only (see readMemberPhoto). */
export async function loader({ request, params }: Route.LoaderArgs) {
  let bytes: Buffer;
  try {
    bytes = await readMemberPhoto({ memberId: params.memberId, file: params.file, viewer: await getSessionUser(request) });
  } catch (error) {
    return errorResponse(error);
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.length),
      // Never shared by caches: only signed-in people may see it. The key changes with the photo.
      "Cache-Control": "private, max-age=86400",
    },
  });
}
