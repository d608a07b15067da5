// The home page FAQ accordion (11 entries, spec section 2).

export type FaqEntry = {
  id: string;
  question: string;
  answer: string;
};

export const faqEntries: FaqEntry[] = [
  {
    id: "how-onward-works",
    question: "How does Onward work?",
    answer:
      "You start with a consultation, where we look at your results, budget and goals. We then match you with suitable countries and universities, help you prepare and submit your application, and guide you through the visa until you travel.",
  },
  {
    id: "support-guarantee",
    question: "What is the one-year support guarantee?",
    // REVIEW: confirm exactly what is refunded (our service fee only, not university, embassy or test fees) and when the year starts.
    answer:
      "We support you for a full year, and if you do not secure a visa within that year we refund you. The guarantee applies when you follow our process: submitting true documents on time and attending your appointments.",
  },
  {
    id: "reduced-costs",
    question: "How can Onward reduce my costs?",
    answer:
      "By choosing affordable universities, scholarships and fee waivers, and by helping you avoid unnecessary agents and repeated applications, we can reduce your total costs by up to 60%.",
  },
  {
    id: "documents-needed",
    question: "Which documents do I need to apply?",
    answer:
      "Usually a passport-size photo, your passport, NID and birth certificate, your parents' NIDs, SSC and HSC certificates, a bachelor's transcript if you have one, an English test result, your sponsor's business license and bank statement, a police clearance, a health certificate and a current utility bill copy. Each country guide lists its own paper requirements.",
  },
  {
    id: "document-privacy",
    question: "How do you keep my documents private?",
    answer:
      "Your documents are stored privately and are never available at a public link. Only you and our staff (consultants and managers) can open them, and every time a staff member opens one it is recorded.",
  },
  {
    id: "book-consultant",
    question: "How do I book a consultant?",
    answer:
      "Sign in, open Book Appointment, filter consultants by country and choose an open time slot. The consultant confirms the booking, and you can see its status in your dashboard.",
  },
  {
    id: "ielts-classes",
    question: "Do you offer IELTS classes?",
    answer:
      "Yes. We run online IELTS classes in a Weekend batch and a Regular batch, taught by mentors who have studied abroad. You can book a free class before you enrol.",
  },
  {
    id: "scholarships",
    question: "Can you help me find scholarships?",
    answer:
      "Yes. Your consultant checks university, government and country scholarships you are eligible for and helps you prepare strong applications and statements for them.",
  },
  {
    id: "timeline",
    question: "How long does the whole process take?",
    answer:
      "Most students need six to twelve months from the first consultation to the visa, depending on the country and intake. For example, a U.S. university usually takes 3 to 4 weeks just to issue the I-20 after admission, so starting early matters.",
  },
  {
    id: "countries",
    question: "Which countries can you help me with?",
    answer:
      "We give full step-by-step guidance for the USA, South Korea and Finland, and destination guides for the UK, Denmark, Australia and Canada. Guides for Japan, China, the Netherlands, Germany, Malaysia and more are on the way, and our consultants can advise on other countries too.",
  },
  {
    id: "networking",
    question: "Can I talk to people who already live abroad?",
    answer:
      "Yes. Signed-in students can search our networking directory for Bangladeshi students and professionals in their destination country, by country and field, and write to them through Onward; many also offer a call you can book. Your e-mail address reaches only the person you write to.",
  },
];
