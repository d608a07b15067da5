// Home page: the four services and the three "how it works" steps.

export type Service = {
  id: string;
  title: string;
  text: string;
};

export type HowItWorksStep = {
  label: string;
  /** The step's picture: public/images/illustrations/{illustration}.svg (a service's is its id). */
  illustration: string;
  title: string;
  text: string;
};

export const services: Service[] = [
  {
    id: "career-counselling",
    title: "Career Counselling",
    text: "We talk through your results, interests and budget to plan a study path that leads to the career you want.",
  },
  {
    id: "course-selection",
    title: "Selection of Course",
    text: "We help you choose courses and universities that match your profile, so your applications have the best chance of success.",
  },
  {
    id: "connect-student",
    title: "Connect Student",
    text: "We connect you with Bangladeshi students and professionals already living in your destination country, so you can ask real questions before you go.",
  },
  {
    id: "visa-guidance",
    title: "Expert Visa Guidance",
    text: "We check your documents, prepare you for interviews and guide you through every step of the visa application.",
  },
];

export const howItWorksSteps: HowItWorksStep[] = [
  {
    label: "Step 01",
    illustration: "consult",
    title: "Consult",
    text: "Book a free consultation and tell us about your studies, goals and budget.",
  },
  {
    label: "Step 02",
    illustration: "match-destination",
    title: "Match Destination",
    text: "We match you with the countries, universities and scholarships that fit you best.",
  },
  {
    label: "Step 03",
    illustration: "meet-your-dream",
    title: "Meet Your Dream",
    text: "We guide your application and visa until you are ready to fly.",
  },
];
