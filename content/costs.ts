// The costs of studying in each country, shown on its country guide (/countries/{id}) and its
// destination guide (/{id}-details): one list per country, so the two pages cannot disagree.

export type CostRow = { item: string; amount: string };

export const countryCosts = {
  usa: [
    { item: "University application fee (per university)", amount: "0–150 USD" },
    // REVIEW: spec figure; the U.S. State Department's student (F-1) visa fee has been 185 USD since June 2023, and a separate "visa integrity fee" was legislated in 2025.
    { item: "Embassy (visa application) fee", amount: "140 USD" },
    // REVIEW: spec figure; the official SEVIS I-901 fee for F-1 students has been 350 USD since June 2019.
    { item: "SEVIS I-901 fee", amount: "300 USD" },
    { item: "Bank support (funds shown to the university and the embassy)", amount: "40,000–60,000 USD" },
    { item: "Tuition per year", amount: "12,000–15,000 USD" },
    // REVIEW: typical living costs; big cities cost more.
    { item: "Living costs per year", amount: "10,000–18,000 USD" },
  ],
  uk: [
    // REVIEW: typical international range; medicine and some London courses cost more.
    { item: "Tuition per year", amount: "12,000–30,000 GBP" },
    // REVIEW: Student visa fee from outside the UK since April 2025; check the current figure.
    { item: "Student visa fee", amount: "524 GBP" },
    // REVIEW: Immigration Health Surcharge rate for students since February 2024.
    { item: "Immigration Health Surcharge", amount: "776 GBP per year" },
    // REVIEW: UKVI maintenance amounts from January 2025, for up to 9 months.
    { item: "Living costs to show (outside London)", amount: "1,136 GBP per month" },
    // REVIEW: UKVI maintenance amounts from January 2025, for up to 9 months.
    { item: "Living costs to show (London)", amount: "1,483 GBP per month" },
  ],
  australia: [
    // REVIEW: typical range for bachelor's and master's degrees.
    { item: "Tuition per year", amount: "20,000–45,000 AUD" },
    // REVIEW: Student visa base charge from 1 July 2025; check the current figure.
    { item: "Student visa fee", amount: "2,000 AUD" },
    // REVIEW: typical single-cover price; depends on insurer and duration.
    { item: "OSHC (single cover)", amount: "about 500–700 AUD per year" },
    // REVIEW: financial capacity living-cost figure from May 2024.
    { item: "Living costs to show", amount: "29,710 AUD per year" },
  ],
  canada: [
    // REVIEW: typical undergraduate range for international students; varies widely by programme.
    { item: "Tuition per year", amount: "20,000–40,000 CAD" },
    { item: "Study permit fee", amount: "150 CAD" },
    { item: "Biometrics fee", amount: "85 CAD" },
    // REVIEW: IRCC minimum living funds for one person outside Quebec from 1 September 2025; check the current figure.
    { item: "Proof of funds for living costs (one person; GIC or bank)", amount: "22,895 CAD" },
  ],
} satisfies Record<string, CostRow[]>;
