import { applicationCountry } from "~/lib/applications";
import { getAcademicProfile } from "../users/academic-profile";

/**
 * What the application form can take from the student's academic profile: the destination
 * country, when they chose exactly one (with several, picking one for them would be a guess).
 * The form has no field for grades, English or level, so nothing else; it adds no field either.
 */
export async function applicationPrefill(applicantId: string): Promise<{ countryName?: string }> {
  const { preferredCountries } = await getAcademicProfile(applicantId);
  const [only] = preferredCountries;
  return preferredCountries.length === 1 && only ? { countryName: applicationCountry(only) } : {};
}
