import { useNavigation } from "react-router";
import { requireRole } from "~/.server/auth/session";
import { listConsultantBookings } from "~/.server/bookings/list-bookings";
import { consultantPhotoUrl, findConsultant } from "~/.server/consultants/consultants";
import { updateConsultant } from "~/.server/consultants/update-consultant";
import { replyWithError } from "~/.server/errors";
import { readQuery } from "~/.server/read-query";
import { BookingCard } from "~/components/booking/booking-card";
import { ConsultantForm } from "~/components/booking/consultant-form";
import { Page } from "~/components/layout/page";
import { Pager } from "~/components/ui/pager";
import type { ConsultantCountry } from "~/lib/booking";
import { pageRoles } from "~/lib/dashboard-menu";
import { groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { PHOTO_FORM_MAX_BYTES } from "~/lib/photo-limits";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { ConsultantEditSchema } from "~/lib/schemas/booking";
import { formatSlot } from "~/lib/time-zones";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/consultant-edit";
import { handleUploadForm } from "./submit-upload-form.server";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/** The server accepts a picture-sized body here (MAX_BODY_KB elsewhere). */
export const handle: ServerRouteHandle = { maxBodyBytes: PHOTO_FORM_MAX_BYTES };

/** The consultant with every field filled in, and their open bookings (staff see them, active or not); an unknown id is the 404 page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, pageRoles.consultants);
  const consultant = await findConsultant(params.id).catch((error: unknown) => {
    throw replyWithError(error);
  });
  const open = await listConsultantBookings({
    consultantId: consultant.id,
    when: "all",
    status: "live",
    page: parsePage(readQuery(request).get("page")),
  });
  return {
    consultant: {
      name: consultant.name,
      email: consultant.email,
      active: consultant.active,
      photoUrl: consultantPhotoUrl(consultant.photo),
    },
    values: {
      name: consultant.name,
      university: consultant.university,
      country: consultant.country as ConsultantCountry,
      phone: consultant.phone,
      profession: consultant.profession,
      description: consultant.description,
    },
    open: {
      ...open,
      items: open.items.map(({ startsAt, endsAt, createdAt: _createdAt, ...booking }) => ({
        ...booking,
        when: formatSlot(startsAt, endsAt, viewer.timeZone),
      })),
    },
  };
}

/** Saves the fields (the picture only when a new one is chosen), then back to the list with the toast. */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, pageRoles.consultants);
  return handleUploadForm(request, {
    schema: ConsultantEditSchema,
    fileField: "profile",
    maxBytes: PHOTO_FORM_MAX_BYTES,
    save: ({ fields, file: picture }) => updateConsultant({ actor, id: params.id, fields, picture }),
    successUrl: "/dashboard/consultants",
    successToast: { type: "success", text: m.staff_consultant_updated() },
  });
}

export default function EditConsultantPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { consultant, values, open } = loaderData;
  return (
    <Page
      title={m.staff_edit_consultant_title()}
      intro={consultant.active ? consultant.name : m.staff_consultant_intro_inactive({ name: consultant.name })}
    >
      <ConsultantForm
        lastResult={actionData?.result}
        defaultValue={values}
        current={{ email: consultant.email, name: consultant.name, photoUrl: consultant.photoUrl }}
        saving={navigation.state === "submitting"}
        submitLabel={m.staff_save()}
      />
      <section aria-labelledby="open-bookings" className="mt-10">
        <h2 id="open-bookings" className="text-xl font-semibold text-slate-900">
          {m.staff_open_bookings()}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {open.total === 0
            ? m.staff_no_pending_bookings()
            : m.staff_pending_bookings_count({ count: open.total, countText: groupThousands(open.total), name: consultant.name })}
        </p>
        {open.items.length > 0 ? (
          <ul className="mt-4 grid gap-4 lg:grid-cols-2" aria-label={m.staff_open_bookings()}>
            {open.items.map((booking) => (
              <li key={booking.id}>
                <BookingCard booking={booking} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : null}
        <Pager page={open.page} pageCount={open.pageCount} />
      </section>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.staff_title_suffix({ title: m.staff_edit_consultant_title() }) }];
