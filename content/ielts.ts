// Content for /ielts-details. Batch schedules and fees come from settings,
// not from this file.

export type IeltsOverview = {
  title: string;
  intro: string;
};

export type IeltsBenefit = {
  title: string;
  text: string;
};

export type IeltsBatchId = "weekend" | "regular";

export type IeltsBatch = {
  id: IeltsBatchId;
  name: string;
  description: string;
};

export type IeltsMentor = {
  name: string;
  university: string;
  score: string;
  bio: string;
  /** A photo under public/, when the mentor has given one; their initials stand in until then. */
  photo?: string;
};

export const ieltsOverview: IeltsOverview = {
  title: "Online IELTS Classes",
  intro:
    "Prepare for IELTS Academic from home with live online classes, regular mock tests and mentors who used IELTS to study abroad themselves.",
};

export const ieltsBenefits: IeltsBenefit[] = [
  {
    title: "All four modules",
    text: "Structured lessons for Listening, Reading, Writing and Speaking, with strategies for each question type.",
  },
  {
    title: "Live online classes",
    text: "Join from anywhere in Bangladesh and ask questions in real time.",
  },
  {
    title: "Full mock tests",
    text: "Timed practice tests under exam conditions, so you know your band before the real exam.",
  },
  {
    title: "Writing feedback",
    text: "Your Task 1 and Task 2 essays are marked against the IELTS band descriptors with clear comments.",
  },
  {
    title: "Speaking practice",
    text: "One-to-one speaking sessions that follow the format of the real interview.",
  },
  {
    title: "Mentors who studied abroad",
    text: "Learn from people who scored well and now study at universities abroad.",
  },
];

export const ieltsBatches: IeltsBatch[] = [
  {
    id: "weekend",
    name: "Batch 1 Weekend",
    description: "Classes on weekends only, for students who study or work during the week.",
  },
  {
    id: "regular",
    name: "Batch 2 Regular",
    description: "Classes on weekdays for faster progress, for students who can study several days a week.",
  },
];

// REVIEW: replace with real mentors before launch
export const mentors: IeltsMentor[] = [
  {
    name: "Nusrat Jahan",
    university: "University of Toronto",
    score: "8.0",
    bio: "Master's student in public health who helps students plan their Writing Task 2 answers.",
  },
  {
    name: "Tanvir Hasan",
    university: "University of Manchester",
    score: "8.5",
    bio: "Computer science graduate student who focuses on Listening and Reading strategies.",
  },
  {
    name: "Farhana Akter",
    university: "Aalto University",
    score: "7.5",
    bio: "Engineering student in Finland who runs the speaking practice sessions.",
  },
  {
    name: "Rafiul Islam",
    university: "Arizona State University",
    score: "8.0",
    bio: "Business student who shares how he improved from band 6.5 to 8.0 in three months.",
  },
];
