import { logger } from "~/.server/logger";
import { exportUniversitiesCsv, universityCsvTemplate } from "~/.server/universities/export-universities";
import { csvDownloadHeaders } from "./staff-file.server";

/**
 * The whole catalogue as a CSV download in the import's format (ADR 026), streamed a batch of rows
 * at a time as the client reads it: the staff page's link and the JSON API's export.
 */
export function catalogueCsvResponse(): Response {
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

/** The import's template (the header and one example row) as a download. */
export function catalogueTemplateResponse(): Response {
  return new Response(universityCsvTemplate(), { headers: csvDownloadHeaders("onward-universities-template.csv") });
}
