// Destination guides for the Study Destination menu (/usa-details, /uk-details,
// /denmark-details, /australia-details, /canada-details). Fees and work rules
// change often; figures we could not confirm carry REVIEW notes.

import { type CostRow, countryCosts } from "./costs";
import { findCountryGuide } from "./countries";

export type DestinationId = "usa" | "uk" | "denmark" | "australia" | "canada";

export type DestinationGuide = {
  id: DestinationId;
  path: string;
  country: string;
  headline: string;
  intro: string;
  /** 4–6 reasons. */
  whyStudy: { title: string; text: string }[];
  /** 4–6 fields of study. */
  benefitsByField: { field: string; text: string }[];
  requirements: string[];
  process: { title: string; text: string }[];
  costs: CostRow[];
  /** 6–8 well-known universities; slug is the kebab-case name. */
  universities: { name: string; city: string; slug: string }[];
};

/**
 * The papers and sponsor documents a country's own guide lists (/countries/{id}): a destination
 * guide for the same country shows exactly these, so the two pages cannot disagree.
 */
function requirementsFromCountryGuide(id: string): string[] {
  const guide = findCountryGuide(id);
  if (!guide) throw new Error(`No country guide "${id}" for its destination guide`);
  return [...guide.paperRequirements, ...guide.sponsorDocs];
}

export const destinationGuides: DestinationGuide[] = [
  {
    id: "usa",
    path: "/usa-details",
    country: "United States",
    headline: "Study in the USA",
    intro:
      "The United States has more top-ranked universities than any other country and welcomes thousands of Bangladeshi students every year. Degrees are flexible, graduate students can earn assistantships, and you study on an F-1 visa backed by the Form I-20 your university issues.",
    whyStudy: [
      {
        title: "World-class universities",
        text: "From large research universities to small liberal-arts colleges, you can choose from thousands of accredited institutions.",
      },
      {
        title: "Flexible degrees",
        text: "Undergraduates explore several subjects before choosing a major, and can often add a minor or change direction.",
      },
      {
        title: "Funding for graduate study",
        text: "Many master's and PhD students receive teaching or research assistantships that cover tuition and pay a monthly stipend.",
      },
      {
        title: "Practical training after graduation",
        text: "F-1 students can work for up to 12 months on Optional Practical Training (OPT), and STEM graduates can apply for a 24-month extension.",
      },
      {
        title: "A large Bangladeshi community",
        text: "Student associations and community groups in most big cities help you settle in quickly.",
      },
    ],
    benefitsByField: [
      {
        field: "Engineering",
        text: "Well-funded labs, industry partnerships and STEM OPT make the U.S. a strong choice for engineering graduates.",
      },
      {
        field: "Computer Science",
        text: "Close links with the technology industry bring internships, research projects and strong job prospects.",
      },
      {
        field: "Business",
        text: "MBA and business master's programmes combine case-based teaching with internships through Curricular Practical Training (CPT).",
      },
      {
        field: "Health and Public Health",
        text: "Leading medical research centres and public health schools offer research roles and graduate assistantships.",
      },
      {
        field: "Data Science",
        text: "Many universities offer STEM-designated data science and analytics master's degrees with strong industry demand.",
      },
    ],
    requirements: requirementsFromCountryGuide("usa"),
    process: [
      {
        title: "Shortlist universities",
        text: "Pick universities that match your results, budget and goals, and note each one's deadlines and test requirements.",
      },
      {
        title: "Apply",
        text: "Submit online applications and pay the application fees (0–150 USD each; some are waived).",
      },
      {
        title: "Receive your I-20",
        text: "After admission, send your financial documents; the university issues your Form I-20, which usually takes 3 to 4 weeks.",
      },
      {
        title: "Pay the SEVIS fee",
        text: "Pay the SEVIS I-901 fee online with the SEVIS ID on your I-20 and keep the receipt.",
      },
      {
        title: "DS-160 and visa interview",
        text: "Complete the DS-160, pay the visa fee and attend your F-1 interview at the U.S. Embassy in Dhaka.",
      },
      {
        title: "Travel",
        text: "You may enter the U.S. up to 30 days before the programme start date on your I-20.",
      },
    ],
    costs: countryCosts.usa,
    universities: [
      { name: "Massachusetts Institute of Technology", city: "Cambridge", slug: "massachusetts-institute-of-technology" },
      { name: "Stanford University", city: "Stanford", slug: "stanford-university" },
      { name: "Harvard University", city: "Cambridge", slug: "harvard-university" },
      { name: "University of California, Berkeley", city: "Berkeley", slug: "university-of-california-berkeley" },
      { name: "University of Texas at Austin", city: "Austin", slug: "university-of-texas-at-austin" },
      { name: "Purdue University", city: "West Lafayette", slug: "purdue-university" },
      { name: "Arizona State University", city: "Tempe", slug: "arizona-state-university" },
    ],
  },
  {
    id: "uk",
    path: "/uk-details",
    country: "United Kingdom",
    headline: "Study in the UK",
    intro:
      "UK degrees are short and focused: most bachelor's degrees take three years (four in Scotland) and most master's degrees take one year. With a Student visa and the Graduate Route afterwards, the UK is one of the most popular choices for Bangladeshi students.",
    whyStudy: [
      {
        title: "Shorter degrees",
        text: "A one-year master's saves a year of tuition and living costs compared with many other countries.",
      },
      {
        title: "Globally recognised qualifications",
        text: "UK universities have a long history, and their degrees are respected by employers in Bangladesh and worldwide.",
      },
      {
        // REVIEW: the Graduate Route is 2 years (3 for PhD); the UK government announced plans in 2025 to shorten it to 18 months.
        title: "Graduate Route",
        text: "After your degree you can stay and work on the Graduate Route, currently for two years (three years after a PhD).",
      },
      {
        title: "Work while you study",
        text: "Degree-level students can usually work up to 20 hours a week during term time and full time in the holidays.",
      },
      {
        title: "Scholarships",
        text: "Bangladeshi students can apply for Chevening and Commonwealth scholarships as well as university awards.",
      },
    ],
    benefitsByField: [
      {
        field: "Business and Finance",
        text: "London is one of the world's financial centres, and UK business schools have strong links with employers.",
      },
      {
        field: "Engineering",
        text: "Accredited engineering degrees lead towards chartered status and are recognised internationally.",
      },
      {
        field: "Computer Science",
        text: "Growing technology hubs in London, Manchester and Edinburgh offer placements in software, AI and cyber security.",
      },
      {
        field: "Law",
        text: "Bangladesh's legal system is based on English common law, so a UK law degree is directly relevant at home.",
      },
      {
        field: "Health and Public Health",
        text: "Programmes linked with the NHS and leading research institutes give practical experience in healthcare.",
      },
    ],
    requirements: requirementsFromCountryGuide("uk"),
    process: [
      {
        title: "Choose and apply",
        text: "Apply through UCAS for undergraduate courses, or directly to universities for postgraduate courses.",
      },
      {
        title: "Meet your offer conditions",
        text: "Send your final results and English test score, and pass the university's credibility interview.",
      },
      {
        title: "Pay the deposit and get your CAS",
        text: "Pay the tuition deposit; the university then issues your CAS number.",
      },
      {
        title: "Prepare your funds and TB test",
        text: "Keep the required money in the bank for 28 days and get your TB test certificate.",
      },
      {
        title: "Apply for the Student visa",
        text: "Apply online, pay the visa fee and Immigration Health Surcharge, and give biometrics at the visa application centre in Dhaka.",
      },
      {
        title: "Travel",
        text: "After approval, travel before your course starts and check your eVisa.",
      },
    ],
    costs: countryCosts.uk,
    universities: [
      { name: "University of Oxford", city: "Oxford", slug: "university-of-oxford" },
      { name: "University of Cambridge", city: "Cambridge", slug: "university-of-cambridge" },
      { name: "Imperial College London", city: "London", slug: "imperial-college-london" },
      { name: "University College London", city: "London", slug: "university-college-london" },
      { name: "University of Manchester", city: "Manchester", slug: "university-of-manchester" },
      { name: "University of Edinburgh", city: "Edinburgh", slug: "university-of-edinburgh" },
      { name: "University of Glasgow", city: "Glasgow", slug: "university-of-glasgow" },
      { name: "Queen's University Belfast", city: "Belfast", slug: "queens-university-belfast" },
    ],
  },
  {
    id: "denmark",
    path: "/denmark-details",
    country: "Denmark",
    headline: "Study in Denmark",
    intro:
      "Denmark offers project-based, English-taught degrees in one of the world's safest and best-organised societies. Tuition is free only for EU/EEA and Swiss students; students from Bangladesh pay tuition fees, although a few government scholarships and fee waivers are available.",
    whyStudy: [
      {
        title: "Problem-based learning",
        text: "Teaching centres on group projects and real cases, often with Danish companies, rather than memorising lectures.",
      },
      {
        title: "English-taught programmes",
        text: "Many bachelor's and most master's programmes are taught fully in English.",
      },
      {
        title: "Safe and well organised",
        text: "Denmark is consistently ranked among the safest and happiest countries, with excellent public transport.",
      },
      {
        // REVIEW: confirm the current work-hour rules for non-EU students.
        title: "Work while you study",
        text: "Non-EU students may work up to 20 hours a week during the semester and full time in June, July and August.",
      },
      {
        // REVIEW: confirm the job-seeking extension and Establishment Card rules for graduates.
        title: "Stay after graduation",
        text: "Graduates can stay for a period to look for work, and some can apply for an Establishment Card to stay longer.",
      },
    ],
    benefitsByField: [
      {
        field: "Engineering",
        text: "Denmark leads in wind energy and green technology, and engineering students often work with companies in these sectors.",
      },
      {
        field: "Life Sciences and Pharmacy",
        text: "A strong pharmaceutical and biotech industry around Copenhagen offers research and internship opportunities.",
      },
      {
        field: "Business",
        text: "Business schools combine theory with company projects, with strengths in shipping, logistics and sustainability.",
      },
      {
        field: "Computer Science",
        text: "Denmark is one of Europe's most digital countries, with demand for software developers and data specialists.",
      },
      {
        field: "Architecture and Design",
        text: "Danish design and sustainable urban planning are known worldwide.",
      },
    ],
    requirements: [
      "Valid passport",
      "SSC and HSC certificates and transcripts; bachelor's papers for master's",
      "IELTS Academic result (most programmes ask for 6.5 overall)",
      "Admission letter from a Danish university",
      // REVIEW: confirm whether SIRI asks for the first semester's or first year's tuition payment.
      "Proof that you have paid the first tuition instalment",
      // REVIEW: confirm whether SIRI requires proof of living funds for higher education students from Bangladesh.
      "Proof of funds for living costs, if requested",
      "Residence permit application (ST1) and biometrics",
    ],
    process: [
      {
        // REVIEW: bachelor's applications for non-EU students close on 15 March through optagelse.dk; master's deadlines vary.
        title: "Choose and apply",
        text: "Apply for bachelor's programmes through optagelse.dk (usually by 15 March) and for master's programmes directly to the university.",
      },
      {
        title: "Accept your place",
        text: "Accept your admission and pay the first tuition instalment.",
      },
      {
        title: "Apply for a residence permit",
        text: "Create a case order ID, pay the fee and submit the ST1 application online to the Danish Agency for International Recruitment and Integration (SIRI).",
      },
      {
        // REVIEW: confirm where applicants in Bangladesh give biometrics.
        title: "Give biometrics",
        text: "Have your photo and fingerprints taken at the Danish mission or its visa application centre within the given deadline.",
      },
      {
        title: "Arrive and register",
        text: "After approval, travel to Denmark and register for your CPR number and health insurance card.",
      },
    ],
    costs: [
      // REVIEW: typical non-EU range (about 45,000–120,000 DKK).
      { item: "Tuition per year (non-EU)", amount: "6,000–16,000 EUR" },
      // REVIEW: SIRI fee changes each year.
      { item: "Residence permit fee", amount: "about 2,400 DKK" },
      // REVIEW: typical living costs; Copenhagen costs more.
      { item: "Living costs", amount: "800–1,100 EUR per month" },
    ],
    universities: [
      { name: "University of Copenhagen", city: "Copenhagen", slug: "university-of-copenhagen" },
      { name: "Technical University of Denmark", city: "Kongens Lyngby", slug: "technical-university-of-denmark" },
      { name: "Aarhus University", city: "Aarhus", slug: "aarhus-university" },
      { name: "Aalborg University", city: "Aalborg", slug: "aalborg-university" },
      { name: "University of Southern Denmark", city: "Odense", slug: "university-of-southern-denmark" },
      { name: "Copenhagen Business School", city: "Frederiksberg", slug: "copenhagen-business-school" },
      { name: "Roskilde University", city: "Roskilde", slug: "roskilde-university" },
    ],
  },
  {
    id: "australia",
    path: "/australia-details",
    country: "Australia",
    headline: "Study in Australia",
    intro:
      "Australia combines high-ranking universities with a relaxed lifestyle and work rights during and after study. You apply for a Student visa (subclass 500), show that you are a genuine student and hold Overseas Student Health Cover (OSHC) for your whole stay.",
    whyStudy: [
      {
        title: "Highly ranked universities",
        text: "Several Australian universities rank among the world's best, and all are quality-assured by the national regulator.",
      },
      {
        title: "Work while you study",
        text: "Student visa holders can work up to 48 hours per fortnight while their course is in session.",
      },
      {
        // REVIEW: Temporary Graduate visa lengths changed in July 2024; confirm current durations and age limit.
        title: "Post-study work",
        text: "Graduates can apply for the Temporary Graduate visa (subclass 485), usually for two years after a bachelor's or coursework master's degree.",
      },
      {
        title: "Quality of life",
        text: "Safe, multicultural cities with a warm climate and an established Bangladeshi community.",
      },
      {
        title: "Scholarships",
        text: "Universities offer merit scholarships to international students, and government awards are available for some programmes.",
      },
    ],
    benefitsByField: [
      {
        field: "Engineering",
        text: "Degrees accredited by Engineers Australia are recognised in many countries.",
      },
      {
        field: "Information Technology",
        text: "Strong demand for IT graduates and many industry-linked projects and internships.",
      },
      {
        field: "Nursing and Health",
        text: "Health professionals are in demand, though registration requires a high English score.",
      },
      {
        field: "Business and Accounting",
        text: "Accredited accounting and business degrees lead to professional membership and graduate roles.",
      },
      {
        field: "Agriculture and Environment",
        text: "World-class research in agriculture, water and climate, with direct relevance to Bangladesh.",
      },
    ],
    requirements: requirementsFromCountryGuide("australia"),
    process: [
      {
        title: "Choose a course",
        text: "Pick a CRICOS-registered course that fits your previous study and career plans.",
      },
      {
        title: "Apply and pass the GS check",
        text: "Apply to the university, which assesses your Genuine Student answers and financial documents before making an offer.",
      },
      {
        title: "Accept and pay",
        text: "Accept the offer, pay the tuition deposit and buy OSHC.",
      },
      {
        title: "Receive your CoE",
        text: "The university issues your Confirmation of Enrolment.",
      },
      {
        title: "Apply for the visa",
        text: "Lodge the subclass 500 application in ImmiAccount, then do the health examination and biometrics if asked.",
      },
      {
        title: "Travel",
        text: "After the visa is granted, arrive in time for orientation.",
      },
    ],
    costs: countryCosts.australia,
    universities: [
      { name: "University of Melbourne", city: "Melbourne", slug: "university-of-melbourne" },
      { name: "University of Sydney", city: "Sydney", slug: "university-of-sydney" },
      { name: "Australian National University", city: "Canberra", slug: "australian-national-university" },
      { name: "UNSW Sydney", city: "Sydney", slug: "unsw-sydney" },
      { name: "University of Queensland", city: "Brisbane", slug: "university-of-queensland" },
      { name: "Monash University", city: "Melbourne", slug: "monash-university" },
      { name: "University of Western Australia", city: "Perth", slug: "university-of-western-australia" },
    ],
  },
  {
    id: "canada",
    path: "/canada-details",
    country: "Canada",
    headline: "Study in Canada",
    intro:
      "Canada offers respected universities and colleges, co-op programmes with paid work terms and clear routes from study to work and permanent residence. You need a letter of acceptance, usually a provincial attestation letter, proof of funds and a study permit.",
    whyStudy: [
      {
        title: "Quality education",
        text: "Canadian degrees and diplomas are recognised worldwide, and tuition is often lower than in the U.S. or UK.",
      },
      {
        title: "Co-op programmes",
        text: "Many programmes include paid work terms, so you graduate with Canadian work experience.",
      },
      {
        // REVIEW: off-campus limit of 24 hours a week applies since November 2024.
        title: "Work while you study",
        text: "Eligible students can work off campus up to 24 hours a week during classes and full time during scheduled breaks.",
      },
      {
        title: "Post-graduation work permit",
        text: "Eligible graduates can get a post-graduation work permit (PGWP) for up to three years.",
      },
      {
        title: "Path to permanent residence",
        text: "Canadian study and work experience count in Express Entry and many provincial nominee programmes.",
      },
    ],
    benefitsByField: [
      {
        field: "Engineering",
        text: "Co-op engineering programmes combine accredited degrees with paid industry experience.",
      },
      {
        field: "Computer Science",
        text: "Technology hubs in Toronto, Waterloo, Vancouver and Montreal hire graduates in software and AI.",
      },
      {
        field: "Business",
        text: "Business programmes offer co-op placements and strong links with Canadian employers.",
      },
      {
        field: "Health Sciences",
        text: "Health programmes lead to careers in a growing sector, with licensing rules set by each province.",
      },
      {
        field: "Environment and Natural Resources",
        text: "Canada's energy, mining and environmental sectors support research and jobs in sustainability.",
      },
    ],
    requirements: requirementsFromCountryGuide("canada"),
    process: [
      {
        title: "Choose a DLI and apply",
        text: "Apply to a programme at a designated learning institution.",
      },
      {
        title: "Receive your letters",
        text: "Get your letter of acceptance and your provincial or territorial attestation letter.",
      },
      {
        title: "Arrange your funds",
        text: "Pay the tuition deposit and prepare proof of funds; a GIC is one common way to show living-cost money.",
      },
      {
        title: "Apply for the study permit",
        text: "Apply online through your IRCC account and give biometrics at the visa application centre in Dhaka.",
      },
      {
        title: "Passport and port of entry letter",
        text: "If approved, send your passport for the visa and receive your port of entry letter.",
      },
      {
        title: "Arrive in Canada",
        text: "The border officer issues your study permit when you land.",
      },
    ],
    costs: countryCosts.canada,
    universities: [
      { name: "University of Toronto", city: "Toronto", slug: "university-of-toronto" },
      { name: "University of British Columbia", city: "Vancouver", slug: "university-of-british-columbia" },
      { name: "McGill University", city: "Montreal", slug: "mcgill-university" },
      { name: "University of Waterloo", city: "Waterloo", slug: "university-of-waterloo" },
      { name: "McMaster University", city: "Hamilton", slug: "mcmaster-university" },
      { name: "University of Alberta", city: "Edmonton", slug: "university-of-alberta" },
      { name: "University of Ottawa", city: "Ottawa", slug: "university-of-ottawa" },
    ],
  },
];

export function findDestinationGuide(id: string): DestinationGuide | undefined {
  return destinationGuides.find((guide) => guide.id === id);
}
