import { Form } from "react-router";
import { Button, LinkButton } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/field";
import { roleLabel } from "~/lib/dashboard-menu";
import { localizedPath } from "~/lib/locale";
import { isRole } from "~/lib/roles";
import { m } from "~/paraglide/messages";

export type ProfileDetails = {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  photo: string | null;
  emailVerified: boolean;
  role: string;
  timeZone: string;
};

/** Who the person is, the way to edit it, and (until the address is confirmed) a new confirmation e-mail. */
export function ProfileDetailsSection({ user, formError }: { user: ProfileDetails; formError?: string | undefined }) {
  return (
    <section aria-labelledby="details" className="flex flex-col gap-6 rounded-lg border border-slate-200 p-6 sm:flex-row">
      {user.photo ? (
        <img src={user.photo} alt={`${user.name}`} width={128} height={128} className="h-32 w-32 rounded-full object-cover" />
      ) : (
        <div
          aria-hidden="true"
          className="flex h-32 w-32 items-center justify-center rounded-full bg-brand-100 text-4xl font-bold text-brand-800"
        >
          {user.name.slice(0, 1).toUpperCase()}
        </div>
      )}
      <div className="grid min-w-0 flex-1 gap-2">
        <h2 id="details" className="text-xl font-semibold">
          {user.name}
        </h2>
        {/* One column on phones (label above value), two from 40rem; long e-mails wrap instead of widening the page. */}
        <dl className="grid grid-cols-1 gap-x-4 text-slate-800 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-y-1 [&>dd]:mb-2 [&>dd]:[overflow-wrap:anywhere] sm:[&>dd]:mb-0">
          <dt className="font-semibold">{m.dashboard_profile_full_name()}</dt>
          <dd>{user.name}</dd>
          <dt className="font-semibold">{m.dashboard_profile_email()}</dt>
          <dd>
            {user.email}{" "}
            <span
              className={`ml-1 rounded px-2 py-0.5 text-xs font-semibold ${user.emailVerified ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}
            >
              {user.emailVerified ? m.dashboard_profile_verified() : m.dashboard_profile_not_verified()}
            </span>
          </dd>
          <dt className="font-semibold">{m.dashboard_profile_phone()}</dt>
          <dd>{user.phone || m.dashboard_profile_not_given()}</dd>
          <dt className="font-semibold">{m.dashboard_profile_address()}</dt>
          <dd>{user.address || m.dashboard_profile_not_given()}</dd>
          <dt className="font-semibold">{m.forms_time_zone_label()}</dt>
          <dd>{user.timeZone}</dd>
          <dt className="font-semibold">{m.dashboard_profile_role()}</dt>
          <dd className="capitalize">{isRole(user.role) ? roleLabel(user.role) : user.role}</dd>
        </dl>
        <div className="mt-2 flex flex-wrap gap-3">
          <LinkButton href={localizedPath(`/dashboard/edit-user-profile/${encodeURIComponent(user.email)}`)} size="md">
            {m.dashboard_profile_edit()}
          </LinkButton>
          <LinkButton href={localizedPath("/")} variant="outline" size="md">
            {m.dashboard_profile_back()}
          </LinkButton>
          {user.emailVerified ? null : (
            <Form method="post">
              <input type="hidden" name="intent" value="resend-verification" />
              <Button variant="outline" size="md" className="border-amber-600 text-amber-900 hover:bg-amber-50">
                {m.dashboard_profile_resend()}
              </Button>
            </Form>
          )}
        </div>
        {formError ? <FormMessage>{formError}</FormMessage> : null}
      </div>
    </section>
  );
}
