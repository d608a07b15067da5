import { universityCsvTemplate } from "~/.server/universities/export-universities";
import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/university-import-template";
import { csvDownloadHeaders, requireRoleForFile } from "./staff-file.server";

/** GET /dashboard/universities/import/template.csv (managers and admins): the header and one example row. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRoleForFile(request, pageRoles.importUniversities);
  return new Response(universityCsvTemplate(), { headers: csvDownloadHeaders("onward-universities-template.csv") });
}
