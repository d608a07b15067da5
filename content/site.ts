// REVIEW: legal review before launch
// About, Privacy and Terms page content. The contact e-mail address and phone
// number come from settings; this text refers to "the e-mail address on our
// Contact page" so it never goes out of date.

export type ContentSection = {
  heading: string;
  paragraphs: string[];
};

export type AboutContent = {
  title: string;
  intro: string;
  sections: ContentSection[];
  guarantee: {
    title: string;
    text: string;
    conditions: string[];
  };
  costReduction: {
    title: string;
    text: string;
  };
};

export const about: AboutContent = {
  title: "About Onward",
  intro:
    "Onward is a Bangladesh-based study-abroad guidance service. We help students move from choosing a university to securing a visa, with honest advice, clear steps and people who have made the journey themselves.",
  sections: [
    {
      heading: "Who we are",
      paragraphs: [
        "We are a team of counsellors, visa specialists and mentors, many of whom studied abroad. We know how confusing the process can feel from Dhaka, Chattogram or a small district town, and we built Onward to make it clear and affordable.",
        "We work with students applying for bachelor's, master's and PhD programmes, and with the families who support them.",
      ],
    },
    {
      heading: "What we do",
      paragraphs: [
        "We offer career counselling, course and university selection, application support, visa guidance, online IELTS classes and skills courses.",
        "Through our networking directory, we also connect you with Bangladeshi students and professionals already living in your destination country.",
      ],
    },
    {
      heading: "How we work",
      paragraphs: [
        "We give you a clear list of the documents each country needs, check them before you submit, and keep them private: only you and your assigned staff can see them.",
        "We recommend universities because they fit you, not because of commissions, and we tell you honestly when a plan is unlikely to succeed.",
      ],
    },
  ],
  guarantee: {
    title: "One-year support guarantee",
    // REVIEW: confirm what is refunded (our service fee only; university, embassy, courier and test fees paid to others are not refundable) and the date the year starts.
    text: "We support you for one year. If you do not secure a visa within that year, we refund you, provided you followed the process with us.",
    conditions: [
      "You follow the process and advice your consultant gives you.",
      "You submit true and genuine documents.",
      "You submit your documents on time.",
      "You attend your appointments, interviews and classes.",
    ],
  },
  costReduction: {
    title: "Costs reduced by up to 60%",
    // REVIEW: confirm the basis of the "up to 60%" comparison before launch.
    text: "By matching you with affordable universities, scholarships and fee waivers, and by avoiding unnecessary agents and repeated applications, we can reduce your total costs by up to 60%.",
  },
};

// REVIEW: legal review before launch
export const privacy: ContentSection[] = [
  {
    heading: "Who we are",
    paragraphs: [
      "Onward is a study-abroad guidance service based in Bangladesh. This policy explains what personal information we collect, why we collect it, who can see it, how long we keep it and how you can ask us to delete it.",
    ],
  },
  {
    heading: "What we collect",
    paragraphs: [
      "Account data: your name, e-mail address, password (stored only in hashed form), phone number, address and profile photo. If you sign in with Google, we receive your name and e-mail address from Google.",
      "Contact messages: the name, e-mail address, phone number and message you send us through the contact form.",
      "Application data: the details you enter in your application (including your parents' names and your sponsor's name) and the documents you upload, including identity documents such as your passport, NID and birth certificate, your parents' NIDs, your academic certificates and transcripts, your English test result, your sponsor's business license, bank statements, police clearance, health certificate and a utility bill copy.",
      "Appointment data: the consultant, time slot and contact details you give when you book an appointment.",
      "Technical data: a session cookie that keeps you signed in, and server logs (such as IP address and time of request) that help us keep the service secure.",
    ],
  },
  {
    heading: "Why we collect it",
    paragraphs: [
      "We use your information to create and secure your account, answer your messages, assess and process your study-abroad application, arrange your appointments, and send you e-mails about your account, application and bookings.",
      "We do not sell your personal information, and we do not use your documents for advertising.",
    ],
  },
  {
    heading: "Who can see it",
    paragraphs: [
      "Your documents are stored privately and are never available at a public URL. Only you and the Onward staff assigned to your application can open them, and every staff access and status change is recorded.",
      "We share your information with a university, embassy or visa application centre only when it is needed for an application you have asked us to make.",
      "We use service providers for hosting, file storage and e-mail delivery. They process data only on our instructions.",
    ],
  },
  {
    heading: "How long we keep it",
    paragraphs: [
      // REVIEW: confirm these retention periods before launch.
      "Application documents are deleted 2 years after your application is closed. Application records without documents are kept for the same period.",
      // REVIEW: confirm these retention periods before launch.
      "Contact messages are deleted after 12 months. Appointment records are deleted 2 years after the appointment.",
      // REVIEW: confirm these retention periods before launch, including any records the law requires us to keep longer (for example payment records).
      "Account data is kept while your account is open and deleted within 30 days after you ask us to close it, except where the law requires us to keep a record longer.",
    ],
  },
  {
    heading: "Your choices and deletion requests",
    paragraphs: [
      "You can view and update your profile at any time from your dashboard.",
      "To ask for a copy of your data, a correction, or the deletion of your account and documents, e-mail us at the address on our Contact page from the e-mail address registered with your account. We will reply within 30 days.",
    ],
  },
  {
    heading: "Security",
    paragraphs: [
      "We protect your information with encrypted connections (HTTPS), hashed passwords, private document storage and role-based access for staff. No system is perfectly secure, so please keep your password private and tell us straight away if you think your account has been misused.",
    ],
  },
  {
    heading: "Changes to this policy",
    paragraphs: [
      "If we make important changes to this policy, we will update this page and tell signed-in users by e-mail or on the site.",
    ],
  },
];

// REVIEW: legal review before launch
export const terms: ContentSection[] = [
  {
    heading: "About these terms",
    paragraphs: [
      "These terms apply when you use the Onward website and services. By creating an account or using our services, you agree to them.",
    ],
  },
  {
    heading: "Our services",
    paragraphs: [
      "Onward provides study-abroad guidance: counselling, course and university selection, application and visa support, IELTS and skills classes, consultant appointments and a networking directory.",
      "Admission decisions are made by universities and visa decisions by governments. We guide and support you, but we cannot promise that any university or embassy will accept your application.",
    ],
  },
  {
    heading: "Your account",
    paragraphs: [
      "You must give accurate information when you sign up and keep your password secure. You are responsible for activity on your account.",
      // REVIEW: confirm the minimum age and the parental consent rule.
      "If you are under 18, a parent or guardian must agree to these terms and support your application.",
    ],
  },
  {
    heading: "Your documents",
    paragraphs: [
      "You must upload only true and genuine documents that belong to you or that your sponsor has allowed you to submit. Submitting false or altered documents can lead to visa refusal and bans by the destination country, and we will close your application.",
    ],
  },
  {
    heading: "One-year support guarantee",
    paragraphs: [
      "If you do not secure a visa within one year, we refund you, provided that you followed our process, submitted true documents on time and attended your appointments.",
      // REVIEW: confirm the refund scope, the start date of the year and how refunds are requested.
      "The refund covers the service fee paid to Onward. Fees paid to universities, embassies, test centres, couriers and other third parties are not refundable by us.",
    ],
  },
  {
    heading: "Fees and information",
    paragraphs: [
      "Costs shown on our guides are estimates for planning. Universities, embassies and governments change their fees and rules, so always confirm the current figures on official websites or with your consultant before you pay.",
    ],
  },
  {
    heading: "Appointments and networking",
    paragraphs: [
      "Please cancel an appointment you cannot attend as early as possible so another student can use the slot.",
      "People in our networking directory share their own experience. They are not Onward staff, and their advice is not official guidance.",
    ],
  },
  {
    heading: "Acceptable use",
    paragraphs: [
      "Do not misuse the website: no attempts to access other people's accounts or documents, no spam, and no harassment of consultants, mentors or networking members. We may suspend accounts that break these rules.",
    ],
  },
  {
    heading: "Liability",
    paragraphs: [
      "We take care to give accurate, up-to-date guidance, but we are not responsible for decisions made by universities, embassies or governments, or for losses caused by information you gave us that was false or late.",
    ],
  },
  {
    heading: "Governing law and contact",
    paragraphs: [
      // REVIEW: confirm governing law and jurisdiction.
      "These terms are governed by the laws of Bangladesh.",
      "If you have a question about these terms, e-mail us at the address on our Contact page.",
    ],
  },
];
