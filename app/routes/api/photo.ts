import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { getSessionUser } from "~/.server/auth/session";
import { db } from "~/.server/db";
import { users } from "~/.server/db/schema";
import { getStorage } from "~/.server/storage/storage";
import type { Route } from "./+types/photo";

/**
 * Profile photos. A consultant's photo is public (students choose consultants by it);
 * anyone else's is shown only to signed-in people and never kept by shared caches.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = `photos/${params.userId}/${params.file}`;
  const [owner] = await db()
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, params.userId), eq(users.image, key)));
  if (!owner) throw data("Not found", { status: 404 });
  const isPublic = owner.role === "consultant";
  if (!isPublic && !(await getSessionUser(request))) throw data("Not found", { status: 404 });
  const body = await getStorage().get(key);
  if (!body) throw data("Not found", { status: 404 });
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(body.length),
      // The key changes whenever the photo does, so a long life is safe.
      "Cache-Control": isPublic ? "public, max-age=86400" : "private, max-age=86400",
    },
  });
}
