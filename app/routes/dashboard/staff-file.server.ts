import { requireRole } from "~/.server/auth/session";
import type { Role } from "~/lib/roles";

/**
 * requireRole for a file a staff page links to (a CSV, no page of its own): signed out, the
 * redirect to sign in that comes back to the file; the wrong role, a short plain-text 403 (the
 * refusal recorded as on any page).
 */
export async function requireRoleForFile(request: Request, allowed: readonly Role[]) {
  try {
    return await requireRole(request, allowed);
  } catch (error) {
    if (error instanceof Response) throw error;
    const refusal = error as { type?: unknown; data?: unknown; init?: ResponseInit | null };
    if (refusal?.type === "DataWithResponseInit") {
      throw new Response(String(refusal.data), {
        status: refusal.init?.status ?? 403,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    throw error;
  }
}

/** Headers for a CSV download that is the person's alone. */
export function csvDownloadHeaders(fileName: string): HeadersInit {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
}
