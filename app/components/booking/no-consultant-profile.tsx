import { m } from "~/paraglide/messages";

/** A consultant's page before staff have added their consultant profile (the role alone is not a profile). */
export function NoConsultantProfile() {
  return <p className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900">{m.community_no_consultant_profile()}</p>;
}
