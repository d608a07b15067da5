import { pageRoles } from "~/lib/dashboard-menu";
import type { Route } from "./+types/university-import-template";
import { requireRoleForFile } from "./staff-file.server";
import { catalogueTemplateResponse } from "./university-csv.server";

/** GET /dashboard/universities/import/template.csv (managers and admins): the header and one example row. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRoleForFile(request, pageRoles.importUniversities);
  return catalogueTemplateResponse();
}
