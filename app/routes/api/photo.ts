import { getSessionUser } from "~/.server/auth/session";
import { errorResponse } from "~/.server/errors";
import { readProfilePhoto } from "~/.server/users/photo";
import type { Route } from "./+types/photo";

/** Profile photos: public for consultants, signed-in people only for everyone else (see readProfilePhoto). */
export async function loader({ request, params }: Route.LoaderArgs) {
  let photo: Awaited<ReturnType<typeof readProfilePhoto>>;
  try {
    photo = await readProfilePhoto({
      userId: params.userId,
      file: params.file,
      isSignedIn: async () => (await getSessionUser(request)) !== null,
    });
  } catch (error) {
    return errorResponse(error);
  }
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(photo.bytes.length),
      // The key changes whenever the photo does, so a long life is safe.
      "Cache-Control": photo.isPublic ? "public, max-age=86400" : "private, max-age=86400",
    },
  });
}
