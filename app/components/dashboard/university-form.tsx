import type { z } from "zod";
import { PictureField, type StaffFormProps, UploadForm, useStaffForm } from "~/components/dashboard/upload-form";
import { UNIVERSITY_ABOUT_MAX_LENGTH, type UniversityEditBrowserSchema } from "~/lib/schemas/universities";
import { catalogueCountries, ieltsBands, tuitionCurrencies, universityTypes } from "~/lib/universities";
import { Field, type FieldMeta, SelectField, TextAreaField } from "../ui/field";
import { UniversityLogo } from "../universities/university-logo";

type Shape = z.input<typeof UniversityEditBrowserSchema>;

/** A figure's source page: an https address on the university's own site. */
const sourceField = { type: "url", inputMode: "url", placeholder: "https://", hint: "The university's own page that states it" } as const;

const ieltsOptions = ieltsBands.map((band) => ({ value: String(band), label: band.toFixed(1) }));

/**
 * The add and edit forms of a university (multipart: the logo is `universityLogo`). Field names are
 * the contract's: universityName, countryName, universityLocation, universityType, coursesOffered,
 * examsAccepted, firstYearTuitionFees, noOfScholarship, ielts, then the optional ones (among them
 * each figure's year and source page: tuitionYear, tuitionSource, ieltsBand, ieltsYear, ieltsSource,
 * the master's tuition and the application fee with theirs). Adding needs
 * every figure and a logo; editing (`current` given) may leave a figure empty and keeps the logo
 * when none is chosen. `id` changes after a successful add, so the form starts empty again.
 */
export function UniversityForm({
  current,
  ...props
}: StaffFormProps<Shape> & {
  /** The university being edited: its name and logo, shown beside the logo field. */
  current?: { name: string; logo: string | null };
}) {
  const editing = current !== undefined;
  const [form, fields, loadValidation] = useStaffForm<Shape>(editing ? "universityEdit" : "university", props);
  const figure = editing ? "Leave empty if not known" : undefined;
  const fees: FeeProps[] = [
    {
      label: "Master's tuition",
      hint: "First year of a taught master's; optional",
      fields: [fields.mastersTuitionFees, fields.mastersTuitionCurrency, fields.mastersTuitionYear, fields.mastersTuitionSource],
    },
    {
      label: "Application fee",
      hint: "To apply as an undergraduate; 0 if none; optional",
      fields: [fields.applicationFee, fields.applicationFeeCurrency, fields.applicationFeeYear, fields.applicationFeeSource],
    },
    {
      label: "Yearly fees",
      hint: "Compulsory fees besides tuition, for a year; optional",
      fields: [fields.yearlyFees, fields.yearlyFeesCurrency, fields.yearlyFeesYear, fields.yearlyFeesSource],
    },
  ];
  return (
    <UploadForm form={form} loadValidation={loadValidation} saving={props.saving} submitLabel={props.submitLabel}>
      <Field label="University name" field={fields.universityName} required autoComplete="off" />
      <Field
        label="Country"
        field={fields.countryName}
        required
        list="university-countries"
        autoComplete="off"
        hint={`One of the finder's: ${catalogueCountries.join(", ")}`}
      />
      <datalist id="university-countries">
        {catalogueCountries.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Field label="Location" field={fields.universityLocation} required hint="City, and region where it helps" />
      <SelectField label="Type" field={fields.universityType} options={universityTypes} placeholder="Choose…" required />
      <Field label="Courses offered" field={fields.coursesOffered} required={!editing} inputMode="numeric" hint={figure} />
      <Field label="Exams accepted" field={fields.examsAccepted} required hint="For example IELTS, TOEFL iBT" />
      <Field
        label="First-year tuition"
        field={fields.firstYearTuitionFees}
        required={!editing}
        inputMode="numeric"
        hint={editing ? "A whole amount; leave empty if not known" : "A whole amount"}
      />
      <SelectField label="Tuition currency" field={fields.tuitionCurrency} options={tuitionCurrencies} fallback="USD" />
      <Field
        label="Tuition year"
        field={fields.tuitionYear}
        inputMode="numeric"
        hint="The year its academic year starts: 2025 for 2025/26"
      />
      <Field label="Tuition source" field={fields.tuitionSource} {...sourceField} />
      <Field
        label="Scholarships"
        field={fields.noOfScholarship}
        required={!editing}
        inputMode="numeric"
        hint={editing ? "How many; 0 if none, empty if not known" : "How many; 0 if none"}
      />
      <SelectField
        label="Minimum IELTS"
        field={fields.ielts}
        options={ieltsOptions}
        placeholder={editing ? "Not known" : "Choose…"}
        required={!editing}
      />
      <SelectField label="Lowest IELTS band" field={fields.ieltsBand} options={ieltsOptions} placeholder="None set" />
      <Field label="IELTS year" field={fields.ieltsYear} inputMode="numeric" hint="The year its academic year starts" />
      <Field label="IELTS source" field={fields.ieltsSource} {...sourceField} />
      {fees.map((fee) => (
        <FeeFields key={fee.label} {...fee} />
      ))}
      <Field
        label="Yearly fees are for"
        field={fields.yearlyFeesLabel}
        hint="What they are, for example Semester contribution (2 semesters)"
      />
      <TextAreaField
        className="sm:col-span-2"
        label="Other English tests"
        field={fields.otherTests}
        rows={3}
        hint="Optional: one per line, the test and its minimum, for example TOEFL iBT: 90"
      />
      <Field className="sm:col-span-2" label="Other English tests source" field={fields.otherTestsSource} {...sourceField} />
      <TextAreaField
        className="sm:col-span-2"
        label="Intakes"
        field={fields.intakes}
        rows={3}
        hint="Optional: one per line, the month studies start and its usual deadline, for example September: 15 January (or just September)"
      />
      <Field label="Intakes year" field={fields.intakesYear} inputMode="numeric" hint="The year its academic year starts" />
      <Field label="Intakes source" field={fields.intakesSource} {...sourceField} />
      <TextAreaField
        className="sm:col-span-2"
        label="Named scholarships"
        field={fields.scholarshipList}
        rows={4}
        hint="Optional: one per line, its name and usual value, for example Global Excellence Scholarship: GBP 5,000 off the first year. Listing them sets the Scholarships count."
      />
      <Field label="Scholarships year" field={fields.scholarshipsYear} inputMode="numeric" hint="The year its academic year starts" />
      <Field
        label="Scholarships source"
        field={fields.scholarshipsSource}
        {...sourceField}
        hint="The page that states them; a line may carry its own: | 2025 | https://…"
      />
      <PictureField
        className="sm:col-span-2"
        label="Logo"
        field={fields.universityLogo}
        maxMb={2}
        current={current ? <UniversityLogo name={current.name} src={current.logo} /> : undefined}
      />
      <Field label="Website" field={fields.website} type="url" inputMode="url" placeholder="https://" hint="Optional" />
      <Field label="World ranking" field={fields.worldRanking} inputMode="numeric" hint="Optional" />
      <Field label="Ranking year" field={fields.rankingYear} inputMode="numeric" hint="The ranking's edition, for example 2025" />
      <Field label="Ranking" field={fields.rankingSource} hint="The ranking's name, for example QS World University Rankings" />
      <Field label="English-taught courses" field={fields.englishTaughtCourses} inputMode="numeric" hint="Optional" />
      <TextAreaField
        className="sm:col-span-2"
        label="About"
        field={fields.about}
        rows={4}
        maxLength={UNIVERSITY_ABOUT_MAX_LENGTH}
        hint="Optional: a few sentences on the university"
      />
      <TextAreaField className="sm:col-span-2" label="Campus facilities" field={fields.facilities} rows={4} hint="Optional: one per line" />
    </UploadForm>
  );
}

/** A fee with its currency, academic year and source page (a master's tuition, the application fee, yearly fees). */
type FeeProps = { label: string; hint: string; fields: [FieldMeta, FieldMeta, FieldMeta, FieldMeta] };

function FeeFields({ label, hint, fields }: FeeProps) {
  const [amount, currency, year, source] = fields;
  return (
    <>
      <Field label={label} field={amount} inputMode="numeric" hint={hint} />
      <SelectField label={`${label} currency`} field={currency} options={tuitionCurrencies} fallback="USD" />
      <Field label={`${label} year`} field={year} inputMode="numeric" hint="The year its academic year starts" />
      <Field label={`${label} source`} field={source} {...sourceField} />
    </>
  );
}
