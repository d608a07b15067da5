import { formatSlot } from "~/lib/time-zones";
import type { MailMessage } from "./outbox";
import { renderMail } from "./templates";

/** A person an e-mail goes to, with the zone their times are shown in. */
export type Recipient = { name: string; email: string; timeZone: string };
export type SlotTimes = { startsAt: Date; endsAt: Date };

type BookingMail = {
  to: Recipient;
  consultantName: string;
  studentName: string;
  slot: SlotTimes;
  /** The page where the recipient sees (and acts on) this booking. */
  url: string;
};

const when = (slot: SlotTimes, to: Recipient) => formatSlot(slot.startsAt, slot.endsAt, to.timeZone);

/** To the consultant: a student booked one of their slots. */
export function bookingRequestedMail(input: BookingMail & { contact: { email: string; phone: string; address: string } }): MailMessage {
  return renderMail({
    to: input.to.email,
    subject: `New booking request from ${input.studentName}`,
    greeting: `Hello ${input.to.name},`,
    paragraphs: [
      `${input.studentName} has booked your slot on ${when(input.slot, input.to)}.`,
      `Contact: ${input.contact.email}, ${input.contact.phone}. Address: ${input.contact.address}.`,
      "Please accept or reject the booking, so they know where they stand.",
    ],
    action: { label: "Accept or reject", url: input.url },
  });
}

/** To the student: accepted, with the calendar invitation. */
export function bookingAcceptedMail(input: BookingMail & { calendar: string }): MailMessage {
  return {
    ...renderMail({
      to: input.to.email,
      subject: `Your appointment with ${input.consultantName} is confirmed`,
      greeting: `Hello ${input.to.name},`,
      paragraphs: [
        `${input.consultantName} has accepted your appointment on ${when(input.slot, input.to)}.`,
        "The invitation is attached: add it to your calendar. If you can no longer come, cancel the booking from your dashboard.",
      ],
      action: { label: "See or cancel the booking", url: input.url },
    }),
    calendar: { method: "REQUEST", content: input.calendar },
  };
}

/** To the student: rejected (with a cancellation for their calendar when it had been accepted). */
export function bookingRejectedMail(input: BookingMail & { calendar: string | null; bookAgainUrl: string }): MailMessage {
  const message = renderMail({
    to: input.to.email,
    subject: `${input.consultantName} cannot take your appointment`,
    greeting: `Hello ${input.to.name},`,
    paragraphs: [
      `${input.consultantName} cannot take your appointment on ${when(input.slot, input.to)}, and has declined it.`,
      input.calendar ? "The event has been removed from your calendar invitation." : "Please choose another time.",
      `Book another time: ${input.bookAgainUrl}`,
    ],
    action: { label: "See the booking", url: input.url },
  });
  return input.calendar ? { ...message, calendar: { method: "CANCEL", content: input.calendar } } : message;
}

/** To the student: the consultant marked the appointment as having taken place. */
export function bookingCompletedMail(input: BookingMail): MailMessage {
  return renderMail({
    to: input.to.email,
    subject: `Your appointment with ${input.consultantName} is complete`,
    greeting: `Hello ${input.to.name},`,
    paragraphs: [
      `${input.consultantName} has marked your appointment on ${when(input.slot, input.to)} as completed.`,
      "We hope it helped. You can book another appointment whenever you need one.",
    ],
    action: { label: "See your bookings", url: input.url },
  });
}

/** To the student who cancelled (with a cancellation for their calendar when it had been accepted). */
export function bookingCancelledMail(input: BookingMail & { calendar: string | null }): MailMessage {
  const message = renderMail({
    to: input.to.email,
    subject: `You cancelled your appointment with ${input.consultantName}`,
    greeting: `Hello ${input.to.name},`,
    paragraphs: [
      `Your appointment with ${input.consultantName} on ${when(input.slot, input.to)} is cancelled, and the slot is free for others.`,
    ],
    action: { label: "See your bookings", url: input.url },
  });
  return input.calendar ? { ...message, calendar: { method: "CANCEL", content: input.calendar } } : message;
}

/** To the consultant: the student cancelled. */
export function bookingCancelledForConsultantMail(input: BookingMail): MailMessage {
  return renderMail({
    to: input.to.email,
    subject: `${input.studentName} cancelled their appointment`,
    greeting: `Hello ${input.to.name},`,
    paragraphs: [`${input.studentName} cancelled the appointment on ${when(input.slot, input.to)}. The slot is free to book again.`],
    action: { label: "See your appointments", url: input.url },
  });
}

/** To either side, a day before an accepted appointment. */
export function bookingReminderMail(input: BookingMail & { other: string }): MailMessage {
  return renderMail({
    to: input.to.email,
    subject: `Reminder: your appointment with ${input.other} is tomorrow`,
    greeting: `Hello ${input.to.name},`,
    paragraphs: [`This is a reminder of your appointment with ${input.other} on ${when(input.slot, input.to)}.`],
    action: { label: "See the booking", url: input.url },
  });
}

/** To someone staff added as a consultant who had no account: choose a password. */
export function consultantInvitationMail(input: { to: string; name: string; url: string; days: number }): MailMessage {
  return renderMail({
    to: input.to,
    subject: "You have been added as a consultant on Onward",
    greeting: `Hello ${input.name},`,
    paragraphs: [
      "Onward's team has added you as a consultant, so students can book appointments with you.",
      `Choose a password to sign in, then add the times you are available under Appointment Time. The link works for ${input.days} days; after that, use “Forgot password?” on the sign-in page.`,
    ],
    action: { label: "Choose my password", url: input.url },
  });
}

/** To someone with an account whom staff added as a consultant. */
export function consultantAddedMail(input: { to: string; name: string; url: string }): MailMessage {
  return renderMail({
    to: input.to,
    subject: "You have been added as a consultant on Onward",
    greeting: `Hello ${input.name},`,
    paragraphs: [
      "Onward's team has added you as a consultant, so students can book appointments with you. Add the times you are available, and students will see them.",
      "If you have not chosen a password for Onward yet, use “Forgot password?” on the sign-in page.",
    ],
    action: { label: "Add my available times", url: input.url },
  });
}
