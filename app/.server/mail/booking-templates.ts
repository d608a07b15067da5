import { intlLocale, type Locale } from "~/lib/locale";
import { formatSlot } from "~/lib/time-zones";
import { m } from "~/paraglide/messages";
import type { MailMessage } from "./outbox";
import { type Addressed, mailToPerson } from "./templates";

/** A person an e-mail goes to, with the zone their times are shown in and the language they read. */
export type Recipient = { name: string; email: string; timeZone: string; locale: Locale };
export type SlotTimes = { startsAt: Date; endsAt: Date };

type BookingMail = {
  to: Recipient;
  consultantName: string;
  studentName: string;
  slot: SlotTimes;
  /** The page where the recipient sees (and acts on) this booking, in their language. */
  url: string;
};

/** The booking's recipient, addressed, with the link to their page of it. */
const addressed = ({ to, url }: BookingMail): Addressed => ({ to: to.email, locale: to.locale, name: to.name, url });

const when = (slot: SlotTimes, to: Recipient) => formatSlot(slot.startsAt, slot.endsAt, to.timeZone, new Date(), to.locale);

/** To the consultant: a student booked one of their slots. */
export function bookingRequestedMail(input: BookingMail & { contact: { email: string; phone: string; address: string } }): MailMessage {
  const { locale } = input.to;
  return mailToPerson(addressed(input), {
    subject: m.mail_booking_requested_subject({ student: input.studentName }, { locale }),
    paragraphs: [
      m.mail_booking_requested_body({ student: input.studentName, when: when(input.slot, input.to) }, { locale }),
      m.mail_booking_requested_contact(input.contact, { locale }),
      m.mail_booking_requested_ask({}, { locale }),
    ],
    action: m.mail_booking_requested_action({}, { locale }),
  });
}

/** To the student: accepted, with the calendar invitation. */
export function bookingAcceptedMail(input: BookingMail & { calendar: string }): MailMessage {
  const { locale } = input.to;
  return {
    ...mailToPerson(addressed(input), {
      subject: m.mail_booking_accepted_subject({ consultant: input.consultantName }, { locale }),
      paragraphs: [
        m.mail_booking_accepted_body({ consultant: input.consultantName, when: when(input.slot, input.to) }, { locale }),
        m.mail_booking_accepted_calendar({}, { locale }),
      ],
      action: m.mail_booking_accepted_action({}, { locale }),
    }),
    calendar: { method: "REQUEST", content: input.calendar },
  };
}

/** To the student: rejected (with a cancellation for their calendar when it had been accepted). */
export function bookingRejectedMail(input: BookingMail & { calendar: string | null; bookAgainUrl: string }): MailMessage {
  const { locale } = input.to;
  const message = mailToPerson(addressed(input), {
    subject: m.mail_booking_rejected_subject({ consultant: input.consultantName }, { locale }),
    paragraphs: [
      m.mail_booking_rejected_body({ consultant: input.consultantName, when: when(input.slot, input.to) }, { locale }),
      input.calendar ? m.mail_booking_rejected_removed({}, { locale }) : m.mail_booking_rejected_choose({}, { locale }),
      m.mail_booking_rejected_book_again({ url: input.bookAgainUrl }, { locale }),
    ],
    action: m.mail_booking_see_action({}, { locale }),
  });
  return input.calendar ? { ...message, calendar: { method: "CANCEL", content: input.calendar } } : message;
}

/** To the student: the consultant marked the appointment as having taken place. */
export function bookingCompletedMail(input: BookingMail): MailMessage {
  const { locale } = input.to;
  return mailToPerson(addressed(input), {
    subject: m.mail_booking_completed_subject({ consultant: input.consultantName }, { locale }),
    paragraphs: [
      m.mail_booking_completed_body({ consultant: input.consultantName, when: when(input.slot, input.to) }, { locale }),
      m.mail_booking_completed_hope({}, { locale }),
    ],
    action: m.mail_booking_see_bookings_action({}, { locale }),
  });
}

/** To the student who cancelled (with a cancellation for their calendar when it had been accepted). */
export function bookingCancelledMail(input: BookingMail & { calendar: string | null }): MailMessage {
  const { locale } = input.to;
  const message = mailToPerson(addressed(input), {
    subject: m.mail_booking_cancelled_subject({ consultant: input.consultantName }, { locale }),
    paragraphs: [m.mail_booking_cancelled_body({ consultant: input.consultantName, when: when(input.slot, input.to) }, { locale })],
    action: m.mail_booking_see_bookings_action({}, { locale }),
  });
  return input.calendar ? { ...message, calendar: { method: "CANCEL", content: input.calendar } } : message;
}

/** To the consultant: the student cancelled. */
export function bookingCancelledForConsultantMail(input: BookingMail): MailMessage {
  const { locale } = input.to;
  return mailToPerson(addressed(input), {
    subject: m.mail_booking_cancelled_consultant_subject({ student: input.studentName }, { locale }),
    paragraphs: [m.mail_booking_cancelled_consultant_body({ student: input.studentName, when: when(input.slot, input.to) }, { locale })],
    action: m.mail_booking_see_appointments_action({}, { locale }),
  });
}

/** To either side, a day before an accepted appointment. */
export function bookingReminderMail(input: BookingMail & { other: string }): MailMessage {
  const { locale } = input.to;
  return mailToPerson(addressed(input), {
    subject: m.mail_booking_reminder_subject({ other: input.other }, { locale }),
    paragraphs: [m.mail_booking_reminder_body({ other: input.other, when: when(input.slot, input.to) }, { locale })],
    action: m.mail_booking_see_action({}, { locale }),
  });
}

/** The calendar event's own texts (SUMMARY and DESCRIPTION of the .ics), in the student's language. */
export function bookingEventTexts(input: { consultantName: string; url: string; locale: Locale }): { title: string; description: string } {
  const { locale } = input;
  return {
    title: m.mail_event_title({ consultant: input.consultantName }, { locale }),
    description: m.mail_event_description({ consultant: input.consultantName, url: input.url }, { locale }),
  };
}

/** To someone staff added as a consultant who had no account: choose a password. */
export function consultantInvitationMail(input: Addressed & { days: number }): MailMessage {
  const { locale } = input;
  return mailToPerson(input, {
    subject: m.mail_consultant_added_subject({}, { locale }),
    paragraphs: [
      m.mail_consultant_invitation_body({}, { locale }),
      m.mail_consultant_invitation_password({ days: new Intl.NumberFormat(intlLocale[locale]).format(input.days) }, { locale }),
    ],
    action: m.mail_consultant_invitation_action({}, { locale }),
  });
}

/** To someone with an account whom staff added as a consultant. */
export function consultantAddedMail(input: Addressed): MailMessage {
  const { locale } = input;
  return mailToPerson(input, {
    subject: m.mail_consultant_added_subject({}, { locale }),
    paragraphs: [m.mail_consultant_added_body({}, { locale }), m.mail_consultant_added_password({}, { locale })],
    action: m.mail_consultant_added_action({}, { locale }),
  });
}
