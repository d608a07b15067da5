// Content for the /skills page.

export type SkillOffering = {
  id: string;
  title: string;
  text: string;
  points: string[];
};

export type SkillsPage = {
  title: string;
  intro: string;
  skills: SkillOffering[];
};

export const skillsPage: SkillsPage = {
  title: "Build the Skills to Study Abroad",
  intro:
    "Getting admitted is only the first step. Our short courses help you pass your English test, write strong applications and arrive ready for classes, interviews and daily life abroad.",
  skills: [
    {
      id: "ielts-preparation",
      title: "IELTS Preparation",
      text: "Live online classes that take you through all four IELTS modules, with mock tests and personal feedback.",
      points: [
        "Listening, Reading, Writing and Speaking strategies",
        "Timed mock tests with band scores",
        "Marked Writing tasks with comments",
        "Weekend and Regular batches",
      ],
    },
    {
      id: "academic-writing",
      title: "Academic and SOP Writing",
      text: "Learn to write statements of purpose, personal statements and essays that admissions teams want to read.",
      points: [
        "Planning a clear statement of purpose",
        "Telling your own story honestly and specifically",
        "Academic essay structure and referencing",
        "Avoiding plagiarism",
      ],
    },
    {
      id: "spoken-english",
      title: "Spoken English",
      text: "Build confidence speaking English in class, at work and in everyday situations abroad.",
      points: [
        "Pronunciation and fluency practice",
        "Group discussions and presentations",
        "Everyday conversations: housing, banking, shopping",
        "Small-group sessions with feedback",
      ],
    },
    {
      id: "cv-and-interview",
      title: "CV and Interview Preparation",
      text: "Prepare for university, scholarship and visa interviews, and write a CV that meets international standards.",
      points: [
        "Writing an international-style CV",
        "Mock university and scholarship interviews",
        "Visa interview practice: explaining your study plan",
        "Part-time job applications abroad",
      ],
    },
    {
      id: "digital-skills",
      title: "Basic Computing for Study Abroad",
      text: "Get comfortable with the digital tools universities expect you to use from your first week.",
      points: [
        "E-mail etiquette with professors and offices",
        "Word processing, spreadsheets and presentations",
        "Online learning platforms and video classes",
        "Keeping your accounts and documents secure",
      ],
    },
  ],
};
