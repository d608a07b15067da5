import { photoResponse } from "~/.server/storage/photo-response";
import { getStorage } from "~/.server/storage/storage";
import type { Route } from "./+types/university-logo";

/**
 * University logos, public: their file names are made from their content, so a logo never
 * changes under its address and browsers and caches may keep it for a year.
 */
export async function loader({ params }: Route.LoaderArgs) {
  if (!/^[a-f0-9]{32}\.webp$/.test(params.file)) return new Response("Not found", { status: 404 });
  const bytes = await getStorage().get(`university-logos/${params.file}`);
  if (!bytes) return new Response("Not found", { status: 404 });
  return photoResponse(bytes, "immutable");
}
