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
import { parsePage } from "~/lib/pagination";
import { PHOTO_FORM_MAX_BYTES } from "~/lib/photo-limits";
import { plural } from "~/lib/plural";
import type { ServerRouteHandle } from "~/lib/route-handle";
import { ConsultantEditSchema } from "~/lib/schemas/booking";
import { formatSlot } from "~/lib/time-zones";
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
    successToast: { type: "success", text: "Consultant updated successfully" },
  });
}

export default function EditConsultantPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { consultant, values, open } = loaderData;
  return (
    <Page title="Edit Consultant" intro={`${consultant.name}${consultant.active ? "" : " (inactive: not bookable)"}`}>
      <ConsultantForm
        lastResult={actionData?.result}
        defaultValue={values}
        current={{ email: consultant.email, name: consultant.name, photoUrl: consultant.photoUrl }}
        saving={navigation.state === "submitting"}
        submitLabel="Save"
      />
      <section aria-labelledby="open-bookings" className="mt-10">
        <h2 id="open-bookings" className="text-xl font-semibold text-slate-900">
          Open bookings
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {open.total === 0
            ? "No pending or accepted bookings."
            : `${plural(open.total, "pending or accepted booking", "pending or accepted bookings")}: ${consultant.name} settles them on their My Appointments page.`}
        </p>
        {open.items.length > 0 ? (
          <ul className="mt-4 grid gap-4 lg:grid-cols-2" aria-label="Open bookings">
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

export const meta: Route.MetaFunction = () => [{ title: "Edit Consultant — Onward" }];
