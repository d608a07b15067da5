import { Form, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { requireUser } from "~/.server/auth/session";
import { bookSlot } from "~/.server/bookings/book-slot";
import { bookableConsultant } from "~/.server/consultants/bookable-consultant";
import { consultantPhotoUrl } from "~/.server/consultants/consultants";
import { replyWithError } from "~/.server/errors";
import { readForm, refuseUnreadableForm } from "~/.server/read-form";
import { invalidSubmission, parseSubmission, refusedSubmission } from "~/.server/submission";
import { redirectWithToast } from "~/.server/toast";
import { BookingForm } from "~/components/booking/booking-form";
import { ConsultantDetails } from "~/components/booking/consultant-details";
import { Page } from "~/components/layout/page";
import { TextLink } from "~/components/ui/text-link";
import { localizedPath } from "~/lib/locale";
import { BookingFormSchema } from "~/lib/schemas/booking";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/book-consultant";

/** Forwards Retry-After (a rate-limited refusal) to the browser. */
export { headers } from "~/lib/headers";

/**
 * One consultant's booking page (signed in): works without JavaScript, and is what the Book
 * Appointment dialog on /book-appointment loads and posts to. An unknown or deactivated
 * consultant is the 404 page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { consultant, slots } = await bookableConsultant({ consultantId: params.consultantId, viewer: user }).catch((error: unknown) => {
    throw replyWithError(error);
  });
  return {
    consultant: {
      id: consultant.id,
      name: consultant.name,
      university: consultant.university,
      country: consultant.country,
      profession: consultant.profession,
      description: consultant.description,
      photoUrl: consultantPhotoUrl(consultant.photo),
    },
    form: {
      consultantId: consultant.id,
      slots,
      defaults: { name: user.name, email: user.email, phone: user.phone ?? "", address: user.address ?? "" },
      timeZone: user.timeZone,
    },
  };
}

/**
 * Books the chosen slot with the contact details posted, then to the student's bookings with the
 * toast. A refusal (the slot was just taken: 409; gone, past or another consultant's) shows the
 * form again with what was typed and the reason, and the slot list read again.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request).catch(refuseUnreadableForm);
  const submission = parseSubmission(formData, BookingFormSchema);
  if (submission.status !== "success") return invalidSubmission(submission, BookingFormSchema);
  let bookingId: string;
  try {
    ({ bookingId } = await bookSlot({ student: user, consultantId: params.consultantId, fields: submission.value }));
  } catch (error) {
    return refusedSubmission(submission, BookingFormSchema, error);
  }
  return redirectWithToast(
    `/dashboard/my-bookings?booking=${bookingId}`,
    { type: "success", text: m.community_booked_toast() },
    { status: 303 },
  );
}

/** A refused booking means the slots changed under the page: read them again. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return (actionStatus !== undefined && actionStatus >= 400) || defaultShouldRevalidate;
}

export default function BookConsultantPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { consultant, form } = loaderData;
  return (
    <Page title={m.community_book_appointment()} intro={m.community_book_consultant_intro({ name: consultant.name })}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <ConsultantDetails consultant={consultant} />
        <section aria-labelledby="booking-form" className="rounded-card border border-slate-200 p-4 sm:p-6">
          <h2 id="booking-form" className="text-xl font-semibold text-slate-900">
            {m.community_book_your_booking()}
          </h2>
          <BookingForm
            data={form}
            lastResult={actionData?.result}
            form={Form}
            pending={navigation.state === "submitting"}
            footer={
              <TextLink href={localizedPath("/book-appointment")} className="text-sm">
                {m.community_book_back()}
              </TextLink>
            }
          />
        </section>
      </div>
    </Page>
  );
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? m.community_book_consultant_meta_title({ name: data.consultant.name }) : m.community_book_an_appointment_meta_title() },
  { name: "robots", content: "noindex" },
];
