import { expect, test } from "vitest";
import { ieltsBands, tuitionCurrencies } from "../../app/lib/universities";
import { countryGuides, findCountryGuide } from "../../content/countries";
import { countryInSentence } from "../../content/country-names";
import { destinationGuides, findDestinationGuide } from "../../content/destinations";
import { faqEntries } from "../../content/faq";
import { catalogueUniversities } from "../../content/universities";

test("a country with a full destination guide is never labelled Upcoming", () => {
  const withGuide = destinationGuides.map((guide) => guide.id);
  const upcomingWithGuide = countryGuides.filter((country) => withGuide.includes(country.id as never) && country.status === "upcoming");
  expect(upcomingWithGuide.map((country) => country.id)).toEqual([]);
  // The check has something to check: most destination guides have a country page.
  expect(countryGuides.filter((country) => withGuide.includes(country.id as never)).length).toBeGreaterThanOrEqual(4);
});

test("country names read well inside a sentence", () => {
  expect(countryInSentence("United States")).toBe("the United States");
  expect(countryInSentence("United Kingdom")).toBe("the United Kingdom");
  expect(countryInSentence("Netherlands")).toBe("the Netherlands");
  expect(countryInSentence("Canada")).toBe("Canada");
});

test("a country's costs and papers come from one source on its country guide and its destination guide", () => {
  for (const id of ["usa", "uk", "australia", "canada"]) {
    const country = findCountryGuide(id);
    const destination = findDestinationGuide(id);
    expect(country?.costs, id).toBeDefined();
    expect(country?.costs, id).toBe(destination?.costs);
    expect(destination?.requirements, id).toEqual([...(country?.paperRequirements ?? []), ...(country?.sponsorDocs ?? [])]);
  }
  expect(findCountryGuide("usa")?.costs.some((row) => row.item === "Living costs per year")).toBe(true);
});

test("the FAQ answers about booking and networking describe what the product does", () => {
  const answer = (id: string) => faqEntries.find((entry) => entry.id === id)?.answer ?? "";
  expect(answer("book-consultant")).toContain("choose an open time slot");
  expect(answer("networking")).toContain("networking directory");
  expect(answer("document-privacy")).toContain("never available at a public link");
  for (const entry of faqEntries) expect(entry.answer, entry.id).not.toMatch(/on (its|their) way/);
});

test("every university a destination guide links to is in the catalogue, in that guide's country, and the catalogue is sound", () => {
  const bySlug = new Map(catalogueUniversities.map((university) => [university.slug, university]));
  const linked = destinationGuides.flatMap((guide) => guide.universities.map((university) => ({ ...university, country: guide.country })));
  expect(linked.length).toBeGreaterThanOrEqual(30);
  for (const { slug, name, country } of linked) {
    expect(bySlug.get(slug)?.name, slug).toBe(name);
    expect(bySlug.get(slug)?.country, slug).toBe(country);
  }
  expect(bySlug.size).toBe(catalogueUniversities.length);
  for (const university of catalogueUniversities) {
    expect(university.slug, university.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(university.website ?? "https:", university.name).toMatch(/^https:\/\//);
    if (university.minimumIelts !== null) expect(ieltsBands, university.name).toContain(university.minimumIelts);
    if (university.tuition) expect(tuitionCurrencies, university.name).toContain(university.tuition.currency);
  }
});
