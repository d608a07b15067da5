import { expect, test } from "vitest";
import { studentBookingUrl } from "../bookings/booking-links";
import { bookingAcceptedMail, type Recipient } from "./booking-templates";

// Each e-mail is written in its recipient's language (users.locale, ADR 037): the words, the date
// (Bangla digits in Bangla) and the link to the page in that language.
const slot = { startsAt: new Date("2030-03-05T04:00:00Z"), endsAt: new Date("2030-03-05T04:30:00Z") };
const acceptedFor = (to: Recipient) =>
  bookingAcceptedMail({
    to,
    consultantName: "Dr Karim",
    studentName: to.name,
    slot,
    url: studentBookingUrl("b1", to.locale),
    calendar: "BEGIN:VCALENDAR\r\nEND:VCALENDAR",
  });

test("a Bangla reader gets the booking-accepted mail in Bangla, with Bangla digits and a /bn link", () => {
  const mail = acceptedFor({ name: "Rahim", email: "rahim@onward.test", timeZone: "Asia/Dhaka", locale: "bn" });
  expect(mail.subject).toBe("Dr Karim-এর সঙ্গে আপনার অ্যাপয়েন্টমেন্ট নিশ্চিত হয়েছে");
  expect(mail.text).toContain("প্রিয় Rahim,");
  expect(mail.text).toContain("১০:০০ – ১০:৩০ (Asia/Dhaka)");
  expect(mail.text).toMatch(/৫/);
  expect(mail.text).not.toMatch(/\b10:00\b/);
  expect(mail.text).toContain("বুকিং দেখুন বা বাতিল করুন: http://localhost:3000/bn/dashboard/my-bookings?booking=b1");
  expect(mail.html).toContain('<html lang="bn">');
  expect(mail.html).toContain("অথবা এই লিংকটি");
  expect(mail.calendar?.method).toBe("REQUEST");
});

test("an English reader gets the same mail in English, as before", () => {
  const mail = acceptedFor({ name: "Eve", email: "eve@onward.test", timeZone: "Asia/Dhaka", locale: "en" });
  expect(mail.subject).toBe("Your appointment with Dr Karim is confirmed");
  expect(mail.text).toBe(
    [
      "Hello Eve,",
      "",
      "Dr Karim has accepted your appointment on Tue 5 Mar 2030, 10:00 – 10:30 (Asia/Dhaka).",
      "",
      "The invitation is attached: add it to your calendar. If you can no longer come, cancel the booking from your dashboard.",
      "",
      "See or cancel the booking: http://localhost:3000/dashboard/my-bookings?booking=b1",
      "",
      "— Onward",
    ].join("\n"),
  );
  expect(mail.html).toContain("<!doctype html><html><body");
  expect(mail.html).toContain("Or paste this link into your browser: http://localhost:3000/dashboard/my-bookings?booking=b1");
});
