// Built-in country guides shown at /countries and /countries/{id}.
// Figures for the USA, South Korea and Finland come from the product spec
// (section 9); the rest are our own research and carry REVIEW notes where a
// fee or rule changes often.

import { type CostRow, countryCosts } from "./costs";

export type CountryStatus = "launched" | "upcoming";

export type CountryGuide = {
  id: string;
  status: CountryStatus;
  title: string;
  summary: string;
  image: { src: string; alt: string };
  paperRequirements: string[];
  /** An empty array means "Not Needed". */
  sponsorDocs: string[];
  /** Ordered steps. */
  process: string[];
  costs: CostRow[];
  reminder: string;
  video?: { title: string; url: string };
};

export const countryGuides: CountryGuide[] = [
  {
    id: "usa",
    status: "launched",
    title: "United States",
    summary:
      "Home to many of the world's best-known universities, with flexible degrees, research funding for graduate students and practical training (OPT) after you graduate. You study on an F-1 student visa, which starts with the Form I-20 your university sends you.",
    image: { src: "/images/countries/usa.svg", alt: "Flag of the United States" },
    paperRequirements: [
      "Valid passport (valid for at least six months beyond your planned stay)",
      "SSC and HSC (or O and A Level) certificates with mark sheets and transcripts",
      "Bachelor's certificate and transcript, for master's and PhD applicants",
      "English test result: IELTS Academic, TOEFL iBT or Duolingo English Test, as your university accepts",
      "SAT or ACT for some undergraduate programmes, GRE or GMAT for some graduate programmes (many are now test-optional)",
      "Statement of purpose, CV and two or three recommendation letters",
      "Form I-20 issued by your university",
      "DS-160 confirmation page, SEVIS fee receipt and visa appointment letter",
      "One recent photo that meets the U.S. visa photo rules (5 cm x 5 cm, white background)",
    ],
    sponsorDocs: [
      "Sponsor's bank statement (last 6 months) and bank solvency certificate covering the amount on the I-20",
      "Affidavit of support signed by the sponsor",
      "Sponsor's proof of income: trade license or employment letter with salary certificate",
      "Sponsor's TIN certificate and recent income tax returns",
      "Proof of relationship to the sponsor (birth certificate and NID)",
    ],
    process: [
      "Shortlist universities with your counsellor and check each one's admission, English test and deadline requirements.",
      "Apply online to each university and pay its application fee (0–150 USD; some universities waive it).",
      "Accept your admission offer and send your financial documents; the university then issues your Form I-20, which usually takes 3 to 4 weeks.",
      "Pay the SEVIS I-901 fee online, using the SEVIS ID printed on your I-20, and keep the receipt.",
      "Complete the DS-160 online form, pay the visa application fee and book your interview at the U.S. Embassy in Dhaka.",
      "Attend the interview with your passport, I-20, SEVIS receipt, academic papers and financial documents, and explain your study plan in your own words.",
      "Once the visa is approved, your passport is returned with the F-1 visa; you may enter the U.S. up to 30 days before the programme start date on your I-20.",
    ],
    costs: countryCosts.usa,
    reminder:
      "Start at least 8 to 12 months before your intake. The I-20 alone takes 3 to 4 weeks after admission, and interview dates at the U.S. Embassy in Dhaka can fill up quickly in the summer season, so book as soon as your I-20 arrives.",
    video: {
      title: "EducationUSA: official U.S. Department of State guide to studying in the U.S.",
      url: "https://educationusa.state.gov/",
    },
  },
  {
    id: "south-korea",
    status: "launched",
    title: "South Korea",
    summary:
      "Affordable, technology-focused universities with generous scholarships for international students and a growing number of English-taught programmes. You study on a D-2 student visa issued by the Korean Embassy in Dhaka.",
    image: { src: "/images/countries/south-korea.svg", alt: "Flag of South Korea" },
    paperRequirements: [
      "Valid passport",
      // REVIEW: confirm the current attestation chain the Korean Embassy in Dhaka accepts (education board, Ministry of Education, Ministry of Foreign Affairs, then embassy confirmation).
      "SSC and HSC certificates and transcripts (and bachelor's papers for graduate study), attested in Bangladesh and confirmed by the Korean Embassy",
      "IELTS for English-taught programmes, or a TOPIK score for Korean-taught programmes",
      "Certificate of Admission (standard admission letter) from the Korean university",
      "Copy of the university's business registration certificate (the university provides it)",
      "Study plan and self-introduction",
      "Police clearance certificate",
      // REVIEW: confirm the list of hospitals whose TB test certificate the Korean Embassy in Dhaka accepts.
      "Medical certificate, including a tuberculosis (TB) test, from a hospital the Korean Embassy accepts",
      "Passport-size photos (3.5 cm x 4.5 cm, white background)",
    ],
    sponsorDocs: [
      // REVIEW: the minimum balance the embassy and universities expect changes; confirm before advising a student.
      "Sponsor's bank solvency certificate and bank statement showing the balance the embassy asks for",
      "Sponsor's income tax certificate or latest tax return",
      "Sponsor's trade license or employment certificate",
      "Sponsor's NID",
      "Affidavit of sponsorship and proof of relationship (birth certificate)",
    ],
    process: [
      "Choose universities and an intake: spring (March) or fall (September). Application windows usually open four to six months earlier.",
      "Apply online, pay the application fee (50–150 USD) and send the printed documents to the university by courier (DHL) if it asks for them.",
      "Get your certificates attested in Bangladesh and confirmed by the Korean Embassy.",
      "Receive your Certificate of Admission and pay the tuition invoice the university sends.",
      "Collect your police clearance and medical (TB) certificate.",
      "Submit your D-2 visa application with all papers to the Korean Embassy in Dhaka and pay the visa fee.",
      "Collect your visa, travel to Korea, and apply for your residence card (Alien Registration Card) at the local immigration office within 90 days of arrival.",
    ],
    costs: [
      { item: "University application fee", amount: "50–150 USD" },
      { item: "DHL courier (documents to the university)", amount: "3,100 BDT" },
      { item: "Certificate attestation", amount: "2,000 BDT" },
      { item: "Embassy (visa) fee", amount: "6,600 BDT" },
      { item: "Police clearance", amount: "1,500 BDT" },
      { item: "Medical (including TB test)", amount: "1,500 BDT" },
      // REVIEW: the spec lists "bank loan 1 lac" without saying what it covers; confirm the wording with the Korea desk.
      { item: "Bank loan (to support the bank solvency)", amount: "1,00,000 BDT (1 lac)" },
      { item: "Income tax (sponsor's tax certificate)", amount: "5,000 BDT" },
      { item: "Other expenses", amount: "3,000 BDT" },
      // REVIEW: typical range only; many universities give 30–100% tuition scholarships to international students.
      { item: "Tuition per semester", amount: "about 2,000,000–5,000,000 KRW" },
    ],
    reminder:
      "Certificate attestation and the TB test take time, so start them as soon as you apply. Keep the courier receipt and tracking number until the university confirms your documents have arrived.",
    video: {
      title: "Study in Korea: official Korean government portal for international students (NIIED)",
      url: "https://www.studyinkorea.go.kr/",
    },
  },
  {
    id: "finland",
    status: "launched",
    title: "Finland",
    summary:
      "A safe, well-organised country with high-quality English-taught degrees, many tuition-fee scholarships and good support for international students. Non-EU students apply for a residence permit for studies through Enter Finland.",
    image: { src: "/images/countries/finland.svg", alt: "Flag of Finland" },
    paperRequirements: [
      "Valid passport",
      "SSC and HSC certificates and transcripts; bachelor's certificate and transcript for master's applicants",
      // REVIEW: typical minimum; each university sets its own IELTS requirement.
      "IELTS Academic result (most programmes ask for 6.0–6.5 overall)",
      "Motivation letter and CV",
      "Admission letter from a Finnish university, with proof of tuition payment or a scholarship decision",
      "Health insurance that meets the Finnish Immigration Service (Migri) requirements",
      "Passport-size photos",
    ],
    sponsorDocs: [
      "Trade License",
      "TIN/BIN",
      "TAX Certificate",
      "Financial statement",
      "NID",
      "Sponsorship Declaration",
      "Relationship Affidavit",
    ],
    process: [
      // REVIEW: most programmes use the January joint application on Studyinfo.fi; confirm the dates each year.
      "Find programmes on Studyinfo.fi and apply in the joint application round (usually in January) or directly to the university.",
      "Upload your documents and English test result; some programmes add an entrance exam or interview.",
      "Accept your study place and pay the first year's tuition, or receive your scholarship decision.",
      "Apply online for a residence permit for studies in Enter Finland and pay the permit fee.",
      // REVIEW: confirm where applicants from Bangladesh prove their identity (Finland has no embassy in Dhaka; VFS Global or the Embassy of Finland in New Delhi).
      "Book an appointment to prove your identity and give fingerprints at the Finnish mission or its visa application centre.",
      "Wait for the Finnish Immigration Service (Migri) decision, then collect your residence permit card.",
      "Travel to Finland and register your address with the Digital and Population Data Services Agency (DVV).",
    ],
    costs: [
      { item: "Tuition per year", amount: "8,000–15,000 EUR" },
      // REVIEW: spec figure; Migri charges different amounts for online and paper applications and revises them yearly.
      { item: "Embassy (residence permit) fee", amount: "350 EUR" },
      { item: "Bank statement (funds shown for living costs)", amount: "12–15 lac BDT (12,00,000–15,00,000 BDT)" },
    ],
    reminder:
      "The joint application window is short and residence permit decisions can take one to three months, so accept your study place and apply for the permit as soon as your results arrive.",
    video: {
      title: "Finnish Immigration Service (Migri): studying in Finland",
      url: "https://migri.fi/en/studying-in-finland",
    },
  },
  {
    id: "canada",
    // Launched: it has a full destination guide (/canada-details).
    status: "launched",
    title: "Canada",
    summary:
      "Respected universities and colleges, co-op programmes that include paid work, and a post-graduation work permit that can lead to permanent residence. You need a study permit from Immigration, Refugees and Citizenship Canada (IRCC).",
    image: { src: "/images/countries/canada.svg", alt: "Flag of Canada" },
    paperRequirements: [
      "Valid passport",
      "SSC and HSC certificates and transcripts; bachelor's papers for graduate study",
      "IELTS Academic result (or another test your institution accepts)",
      "Letter of acceptance from a designated learning institution (DLI)",
      // REVIEW: since January 2025 most new students, including master's students, need a PAL or TAL; confirm exemptions.
      "Provincial or territorial attestation letter (PAL or TAL)",
      "Statement of purpose explaining your study plan",
      "Immigration medical exam by an IRCC panel physician, if you are asked",
      "Passport-size photos",
    ],
    sponsorDocs: [
      "Sponsor's bank statements and bank solvency certificate",
      "Guaranteed Investment Certificate (GIC) from a participating Canadian bank, if you use one to show funds",
      "Sponsor's proof of income: trade license or employment letter",
      "Sponsor's TIN certificate and income tax returns",
      "Affidavit of support and proof of relationship",
    ],
    process: [
      "Choose a programme at a designated learning institution (DLI) and apply.",
      "Receive your letter of acceptance and your provincial or territorial attestation letter (PAL/TAL).",
      "Pay your tuition deposit and arrange proof of funds (for example a GIC and bank statements).",
      "Apply for a study permit online through your IRCC account and pay the fees.",
      "Give your fingerprints and photo (biometrics) at the visa application centre in Dhaka, and do the medical exam if asked.",
      "If approved, send your passport for the visa and receive the port of entry letter.",
      "Show the letter at the Canadian airport, where the officer issues your study permit.",
    ],
    costs: countryCosts.canada,
    reminder:
      "Study permit processing from Bangladesh can take several weeks to a few months, and PAL/TAL letters are limited, so apply to your institution early and lodge your permit application as soon as you have both letters.",
    video: {
      title: "Government of Canada: study permit",
      url: "https://www.canada.ca/en/immigration-refugees-citizenship/services/study-canada/study-permit.html",
    },
  },
  {
    id: "japan",
    status: "upcoming",
    title: "Japan",
    summary:
      "Low tuition at national universities, strong engineering and technology programmes, and Japanese language schools that lead to university. Your school applies for a Certificate of Eligibility, and you then get a student visa from the Embassy of Japan in Dhaka.",
    image: { src: "/images/countries/japan.svg", alt: "Flag of Japan" },
    paperRequirements: [
      "Valid passport",
      "SSC and HSC certificates and transcripts; bachelor's papers for graduate study",
      "Japanese language certificate (for example JLPT N5 or N4) for language schools, or IELTS/TOEFL for English-taught degrees",
      "Certificate of Eligibility (CoE) issued by Japan's Immigration Services Agency",
      "Visa application form",
      "Photo (4.5 cm x 3.5 cm)",
    ],
    sponsorDocs: [
      "Sponsor's bank balance certificate and bank statement",
      "Sponsor's income certificate and tax documents",
      "Sponsor's trade license or employment certificate",
      "Letter of financial support from the sponsor",
      "Proof of relationship (birth certificate)",
    ],
    process: [
      "Choose a university or language school and an intake (language schools usually start in April or October).",
      "Apply to the school with your documents and your sponsor's financial papers.",
      "The school applies for your Certificate of Eligibility (CoE) in Japan; this usually takes one to three months.",
      "Pay the first tuition instalment once the CoE is issued.",
      "Submit your visa application with the CoE to the Embassy of Japan in Dhaka.",
      "Travel to Japan; you receive your residence card at the airport and register your address at the city office.",
    ],
    costs: [
      // REVIEW: standard national university fee set by the government; some universities now charge more.
      { item: "Tuition per year (national university)", amount: "535,800 JPY" },
      // REVIEW: typical range for language schools, including admission and tuition.
      { item: "Language school, first year", amount: "700,000–900,000 JPY" },
      // REVIEW: confirm that visa fees are still waived for Bangladeshi passport holders.
      { item: "Visa fee", amount: "Free for Bangladeshi passport holders" },
    ],
    reminder:
      "The Certificate of Eligibility takes months, so language schools close applications about six months before each intake. Prepare your sponsor's financial documents first: they are checked closely.",
    video: {
      title: "Study in Japan: official guide by JASSO (Japan Student Services Organization)",
      url: "https://www.studyinjapan.go.jp/en/",
    },
  },
  {
    id: "china",
    status: "upcoming",
    title: "China",
    summary:
      "Low tuition, government scholarships and large universities with strong medicine, engineering and business programmes. Degree students travel on an X1 student visa and then get a residence permit in China.",
    image: { src: "/images/countries/china.svg", alt: "Flag of the People's Republic of China" },
    paperRequirements: [
      "Valid passport",
      "SSC and HSC certificates and transcripts; bachelor's papers for graduate study",
      "HSK certificate for Chinese-taught programmes, or IELTS for English-taught programmes",
      "Admission notice and visa application form (JW201 or JW202) from the university",
      "Foreigner Physical Examination Form completed by a hospital",
      "Police clearance certificate",
      "Study plan and two recommendation letters (for graduate programmes and scholarships)",
      "Passport-size photos",
    ],
    sponsorDocs: [
      "Sponsor's bank statement and bank solvency certificate",
      "Sponsor's letter of financial support",
      "Sponsor's proof of income (trade license or employment letter)",
      "Proof of relationship (birth certificate)",
    ],
    process: [
      // REVIEW: Chinese Government Scholarship deadlines vary by university; confirm each year.
      "Choose universities and check scholarship deadlines (Chinese Government Scholarship applications usually close between January and April).",
      "Apply online to the university and pay the application fee.",
      "Receive your admission notice and JW201 or JW202 form by courier.",
      "Apply for the X1 student visa at the Chinese Visa Application Service Center in Dhaka.",
      "Travel to China and apply for your student residence permit within 30 days of arrival.",
    ],
    costs: [
      // REVIEW: typical range for degree programmes; medicine (MBBS) costs more.
      { item: "Tuition per year", amount: "20,000–40,000 CNY" },
      // REVIEW: typical range; some universities waive the fee.
      { item: "Application fee", amount: "400–800 CNY" },
      { item: "Visa fee and service charge", amount: "Check with the Chinese Visa Application Service Center in Dhaka" },
    ],
    reminder:
      "Scholarship deadlines come months before the September intake, and the original admission notice and JW form must reach you by courier before you can apply for the visa.",
  },
  {
    id: "uk",
    // Launched: it has a full destination guide (/uk-details).
    status: "launched",
    title: "United Kingdom",
    summary:
      "Short, intensive degrees (three-year bachelor's, one-year master's), world-famous universities and the Graduate Route for work after study. You apply for a Student visa with a CAS from your university.",
    image: { src: "/images/countries/uk.svg", alt: "Flag of the United Kingdom" },
    paperRequirements: [
      "Valid passport",
      "SSC and HSC (or O and A Level) certificates and transcripts; bachelor's papers for master's",
      "IELTS Academic, or IELTS for UKVI when the course requires a Secure English Language Test",
      "Confirmation of Acceptance for Studies (CAS) from your university",
      "Tuberculosis (TB) test certificate from a UK-approved clinic in Bangladesh",
      "Statement of purpose and reference letters",
    ],
    sponsorDocs: [
      "Bank statement showing the required money held for 28 consecutive days, ending within 31 days of your visa application",
      "Letter of consent from your parent or legal guardian if the money is in their name",
      "Birth certificate as proof of relationship to your parent",
      "Sponsor's proof of income (many universities ask for it at the credibility interview)",
    ],
    process: [
      "Choose courses; apply through UCAS for undergraduate study or directly to universities for postgraduate study.",
      "Receive your offer and meet its conditions (results, English test).",
      "Pay the tuition deposit and pass the university's credibility interview.",
      "Get your CAS, your TB test certificate and your 28-day bank statement ready.",
      "Apply online for the Student visa and pay the visa fee and Immigration Health Surcharge.",
      "Give your fingerprints and photo at the visa application centre in Dhaka.",
      "Receive the decision (usually within three weeks), then travel and check your eVisa.",
    ],
    costs: countryCosts.uk,
    reminder:
      "Money for the visa must sit in the bank for 28 full days before you apply. Deposit it early and do not withdraw any of it until your visa is granted.",
    video: {
      title: "GOV.UK: Student visa",
      url: "https://www.gov.uk/student-visa",
    },
  },
  {
    id: "australia",
    // Launched: it has a full destination guide (/australia-details).
    status: "launched",
    title: "Australia",
    summary:
      "High-ranking universities, a relaxed lifestyle, work rights during study and a post-study work visa. You apply for a Student visa (subclass 500) with a Confirmation of Enrolment (CoE).",
    image: { src: "/images/countries/australia.svg", alt: "Flag of Australia" },
    paperRequirements: [
      "Valid passport",
      "SSC and HSC certificates and transcripts; bachelor's papers for graduate study",
      "IELTS Academic, PTE Academic or TOEFL iBT result",
      "Confirmation of Enrolment (CoE) from your university",
      "Answers for the Genuine Student (GS) requirement",
      "Overseas Student Health Cover (OSHC) for the whole visa period",
      "Health examination and biometrics when asked",
    ],
    sponsorDocs: [
      "Sponsor's bank statements and bank solvency certificate",
      "Evidence of the sponsor's annual income (tax returns, trade license or salary certificate)",
      "Education loan sanction letter, if you use a loan",
      "Proof of relationship (birth certificate)",
    ],
    process: [
      "Choose a course offered by a CRICOS-registered provider and apply.",
      "Complete the university's Genuine Student assessment and receive your offer.",
      "Accept the offer, pay the tuition deposit and buy OSHC.",
      "Receive your Confirmation of Enrolment (CoE).",
      "Lodge the Student visa (subclass 500) application online in ImmiAccount.",
      "Complete the health examination and give biometrics if asked.",
      "Receive the visa grant and plan your arrival before your course starts.",
    ],
    costs: countryCosts.australia,
    reminder:
      "The Genuine Student requirement is checked closely: write your answers in your own words and make sure your course fits your education and career plans.",
    video: {
      title: "Australian Department of Home Affairs: Student visa (subclass 500)",
      url: "https://immi.homeaffairs.gov.au/visas/getting-a-visa/visa-listing/student-500",
    },
  },
  {
    id: "netherlands",
    status: "upcoming",
    title: "Netherlands",
    summary:
      "Hundreds of English-taught programmes, interactive teaching and a central location in Europe. Your university applies for your entry visa (MVV) and residence permit with the Immigration and Naturalisation Service (IND).",
    image: { src: "/images/countries/netherlands.svg", alt: "Flag of the Netherlands" },
    paperRequirements: [
      "Valid passport",
      "SSC and HSC certificates and transcripts; bachelor's papers for master's",
      "IELTS Academic result (most programmes ask for 6.0–6.5 overall)",
      "Admission letter from a Dutch university",
      // REVIEW: confirm how a Bangladeshi birth certificate must be legalised for municipal registration.
      "Legalised birth certificate, for registering with the municipality",
      // REVIEW: confirm that Bangladeshi nationals still need a TB test after arrival.
      "Tuberculosis (TB) test within three months after arrival",
    ],
    sponsorDocs: [
      "Proof of funds for one year of living costs (many universities ask you to transfer it to them)",
      "Sponsor's bank statement and solvency certificate",
      "Sponsor's declaration of support and proof of relationship",
    ],
    process: [
      "Choose a programme and apply through Studielink and the university's own portal.",
      "Receive your admission and pay the tuition fee (and living-cost deposit, if asked).",
      "The university, as your recognised sponsor, applies to the IND for your entry visa (MVV) and residence permit.",
      "After IND approval, collect your MVV from the Dutch embassy that serves Bangladesh.",
      "Travel to the Netherlands, collect your residence permit card and register with the municipality.",
    ],
    costs: [
      // REVIEW: typical non-EU tuition range.
      { item: "Tuition per year (non-EU)", amount: "8,000–20,000 EUR" },
      // REVIEW: IND fee for a study residence permit changes each year.
      { item: "Residence permit fee (paid through the university)", amount: "about 230 EUR" },
      // REVIEW: IND student income standard changes each year.
      { item: "Living costs", amount: "about 1,100 EUR per month" },
    ],
    reminder:
      "Non-EU deadlines are often months before EU deadlines (many close between January and May) so that the university has time to apply for your residence permit.",
    video: {
      title: "IND (Immigration and Naturalisation Service): residence permits for study",
      url: "https://ind.nl/en/residence-permits/study",
    },
  },
  {
    id: "germany",
    status: "upcoming",
    title: "Germany",
    summary:
      "Most public universities charge no tuition, and Germany is strong in engineering and research. You need an admission letter, a blocked account and a national (D) visa from the German Embassy in Dhaka.",
    image: { src: "/images/countries/germany.svg", alt: "Flag of Germany" },
    paperRequirements: [
      "Valid passport",
      // REVIEW: Bangladeshi HSC usually gives access only to a Studienkolleg (foundation year) for bachelor's study; confirm on anabin or uni-assist.
      "SSC and HSC certificates and transcripts (HSC alone usually leads to a Studienkolleg first); bachelor's papers for master's",
      "IELTS or TOEFL for English-taught programmes; TestDaF or DSH for German-taught programmes",
      "Admission letter from a German university",
      "Blocked account confirmation",
      "Health insurance for your stay",
      "Motivation letter and CV",
      "Biometric passport photos",
    ],
    sponsorDocs: [
      "Bank documents showing how the blocked account was funded (by you or your sponsor)",
      "Sponsor's letter of support and proof of relationship",
    ],
    process: [
      "Find programmes in the DAAD database and check the entry requirements.",
      "Apply through uni-assist or directly to the university.",
      "Receive your admission letter.",
      "Open a blocked account and deposit the required amount; arrange health insurance.",
      "Book and attend your national visa appointment with the German Embassy in Dhaka.",
      "Travel to Germany, register your address and apply for your residence permit at the local foreigners' office.",
    ],
    costs: [
      // REVIEW: most public universities are free; Baden-Wuerttemberg charges non-EU students 1,500 EUR per semester, and some universities (e.g. TUM) charge non-EU tuition.
      { item: "Tuition (most public universities)", amount: "0 EUR" },
      // REVIEW: typical range.
      { item: "Semester contribution", amount: "150–400 EUR per semester" },
      // REVIEW: blocked account amount for 2025 (992 EUR per month); check the current figure.
      { item: "Blocked account", amount: "11,904 EUR per year" },
      { item: "National visa fee", amount: "75 EUR" },
    ],
    reminder:
      "Visa appointments at the German Embassy in Dhaka can be booked up months ahead: request one as soon as you apply to universities, and open the blocked account early.",
    video: {
      title: "German Embassy Dhaka: information on the study visa",
      url: "https://dhaka.diplo.de/bd-en",
    },
  },
  {
    id: "malaysia",
    status: "upcoming",
    title: "Malaysia",
    summary:
      "Affordable degrees close to home, branch campuses of British and Australian universities and a large Bangladeshi student community. Education Malaysia Global Services (EMGS) handles your student pass.",
    image: { src: "/images/countries/malaysia.svg", alt: "Flag of Malaysia" },
    paperRequirements: [
      // REVIEW: confirm the minimum passport validity EMGS asks for.
      "Valid passport (valid for at least 12 months)",
      "SSC and HSC certificates and transcripts; bachelor's papers for graduate study",
      "IELTS result, or the university's own English test",
      "Offer letter from a Malaysian university",
      "Passport-size photos with a blue background",
      "Medical screening at an EMGS panel clinic after arrival",
    ],
    // REVIEW: EMGS does not normally ask for sponsor documents; confirm with each university.
    sponsorDocs: [],
    process: [
      "Choose a university and apply.",
      "Receive your offer letter and pay the first fees.",
      "The university submits your student pass application to EMGS.",
      "Receive your electronic visa approval letter (eVAL).",
      // REVIEW: confirm whether Bangladeshi students need a separate single-entry visa and where it is issued.
      "Get your single-entry visa if required, then travel to Malaysia.",
      "Complete the medical screening; EMGS then endorses the student pass in your passport.",
    ],
    costs: [
      // REVIEW: typical range for private universities; public universities charge less.
      { item: "Tuition per year", amount: "15,000–45,000 MYR" },
      // REVIEW: EMGS fee depends on nationality and institution.
      { item: "EMGS student pass and visa fees", amount: "about 1,000–2,500 MYR" },
      // REVIEW: typical living costs outside central Kuala Lumpur.
      { item: "Living costs", amount: "1,500–2,500 MYR per month" },
    ],
    reminder:
      "Apply at least three months before your intake: the student pass is processed before you travel, and you cannot start classes without it.",
    video: {
      title: "Education Malaysia Global Services (EMGS): official student pass portal",
      url: "https://educationmalaysia.gov.my/",
    },
  },
];

export function findCountryGuide(id: string): CountryGuide | undefined {
  return countryGuides.find((guide) => guide.id === id);
}
