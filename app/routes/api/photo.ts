import { getSessionUser } from "~/.server/auth/session";
import { errorResponse } from "~/.server/errors";
import { photoResponse } from "~/.server/storage/photo-response";
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
  return photoResponse(photo.bytes, photo.isPublic ? "public" : "private");
}
