import { logger } from "~/.server/logger";
import { exportUniversitiesCsv } from "~/.server/universities/export-universities";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/universities-export";
import { csvDownloadHeaders, requireRoleForFile } from "./staff-file.server";

/**
 * GET /dashboard/universities/export.csv (every staff member): the whole catalogue in the import's
 * format (ADR 026), streamed a batch of rows at a time as the client reads it.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRoleForFile(request, pageRoles.addUniversity);
  const parts = exportUniversitiesCsv();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await parts.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        // The header has gone out: the download ends short, and the log says why.
        logger.error({ err: error }, "exporting the universities failed");
        controller.error(error);
      }
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, { headers: csvDownloadHeaders(`onward-universities-${day}.csv`) });
}
