import type { z } from "zod";
import { PictureField, type StaffFormProps, UploadForm, useStaffForm } from "~/components/dashboard/upload-form";
import { UNIVERSITY_ABOUT_MAX_LENGTH, type UniversityEditBrowserSchema } from "~/lib/schemas/universities";
import { catalogueCountries, ieltsBands, tuitionCurrencies, universityTypes } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import { Field, type FieldMeta, SelectField, TextAreaField } from "../ui/field";
import { UniversityLogo } from "../universities/university-logo";

type Shape = z.input<typeof UniversityEditBrowserSchema>;

/** A figure's source page: an https address on the university's own site. */
const sourceField = () => ({ type: "url", inputMode: "url", placeholder: "https://", hint: m.staff_uf_source_hint() }) as const;

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
  const figure = editing ? m.staff_uf_leave_empty() : undefined;
  const fees: FeeProps[] = [
    {
      label: m.staff_uf_masters_tuition(),
      hint: m.staff_uf_masters_hint(),
      fields: [fields.mastersTuitionFees, fields.mastersTuitionCurrency, fields.mastersTuitionYear, fields.mastersTuitionSource],
    },
    {
      label: m.staff_uf_application_fee(),
      hint: m.staff_uf_application_fee_hint(),
      fields: [fields.applicationFee, fields.applicationFeeCurrency, fields.applicationFeeYear, fields.applicationFeeSource],
    },
    {
      label: m.staff_uf_yearly_fees(),
      hint: m.staff_uf_yearly_fees_hint(),
      fields: [fields.yearlyFees, fields.yearlyFeesCurrency, fields.yearlyFeesYear, fields.yearlyFeesSource],
    },
  ];
  return (
    <UploadForm form={form} loadValidation={loadValidation} saving={props.saving} submitLabel={props.submitLabel}>
      <Field label={m.staff_uf_name()} field={fields.universityName} required autoComplete="off" />
      <Field
        label={m.staff_country()}
        field={fields.countryName}
        required
        list="university-countries"
        autoComplete="off"
        hint={m.staff_uf_country_hint({ countries: catalogueCountries.join(", ") })}
      />
      <datalist id="university-countries">
        {catalogueCountries.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Field label={m.staff_location()} field={fields.universityLocation} required hint={m.staff_uf_location_hint()} />
      <SelectField
        label={m.staff_uf_type()}
        field={fields.universityType}
        options={universityTypes}
        placeholder={m.staff_choose()}
        required
      />
      <Field label={m.staff_uf_courses()} field={fields.coursesOffered} required={!editing} inputMode="numeric" hint={figure} />
      <Field label={m.staff_uf_exams()} field={fields.examsAccepted} required hint={m.staff_uf_exams_hint()} />
      <Field
        label={m.staff_uf_tuition()}
        field={fields.firstYearTuitionFees}
        required={!editing}
        inputMode="numeric"
        hint={editing ? m.staff_uf_whole_amount_editing() : m.staff_uf_whole_amount()}
      />
      <SelectField label={m.staff_uf_tuition_currency()} field={fields.tuitionCurrency} options={tuitionCurrencies} fallback="USD" />
      <Field label={m.staff_uf_tuition_year()} field={fields.tuitionYear} inputMode="numeric" hint={m.staff_uf_tuition_year_hint()} />
      <Field label={m.staff_uf_tuition_source()} field={fields.tuitionSource} {...sourceField()} />
      <Field
        label={m.staff_uf_scholarships()}
        field={fields.noOfScholarship}
        required={!editing}
        inputMode="numeric"
        hint={editing ? m.staff_uf_scholarships_hint_editing() : m.staff_uf_scholarships_hint()}
      />
      <SelectField
        label={m.staff_uf_min_ielts()}
        field={fields.ielts}
        options={ieltsOptions}
        placeholder={editing ? m.staff_uf_not_known() : m.staff_choose()}
        required={!editing}
      />
      <SelectField label={m.staff_uf_lowest_band()} field={fields.ieltsBand} options={ieltsOptions} placeholder={m.staff_uf_none_set()} />
      <Field label={m.staff_uf_ielts_year()} field={fields.ieltsYear} inputMode="numeric" hint={m.staff_uf_year_hint()} />
      <Field label={m.staff_uf_ielts_source()} field={fields.ieltsSource} {...sourceField()} />
      {fees.map((fee) => (
        <FeeFields key={fee.label} {...fee} />
      ))}
      <Field label={m.staff_uf_yearly_fees_for()} field={fields.yearlyFeesLabel} hint={m.staff_uf_yearly_fees_for_hint()} />
      <TextAreaField
        className="sm:col-span-2"
        label={m.staff_uf_other_tests()}
        field={fields.otherTests}
        rows={3}
        hint={m.staff_uf_other_tests_hint()}
      />
      <Field className="sm:col-span-2" label={m.staff_uf_other_tests_source()} field={fields.otherTestsSource} {...sourceField()} />
      <TextAreaField
        className="sm:col-span-2"
        label={m.staff_uf_intakes()}
        field={fields.intakes}
        rows={3}
        hint={m.staff_uf_intakes_hint()}
      />
      <Field label={m.staff_uf_intakes_year()} field={fields.intakesYear} inputMode="numeric" hint={m.staff_uf_year_hint()} />
      <Field label={m.staff_uf_intakes_source()} field={fields.intakesSource} {...sourceField()} />
      <TextAreaField
        className="sm:col-span-2"
        label={m.staff_uf_named_scholarships()}
        field={fields.scholarshipList}
        rows={4}
        hint={m.staff_uf_named_scholarships_hint()}
      />
      <Field label={m.staff_uf_scholarships_year()} field={fields.scholarshipsYear} inputMode="numeric" hint={m.staff_uf_year_hint()} />
      <Field
        label={m.staff_uf_scholarships_source()}
        field={fields.scholarshipsSource}
        {...sourceField()}
        hint={m.staff_uf_scholarships_source_hint()}
      />
      <PictureField
        className="sm:col-span-2"
        label={m.staff_uf_logo()}
        field={fields.universityLogo}
        maxMb={2}
        current={current ? <UniversityLogo name={current.name} src={current.logo} /> : undefined}
      />
      <Field
        label={m.staff_uf_website()}
        field={fields.website}
        type="url"
        inputMode="url"
        placeholder="https://"
        hint={m.staff_uf_optional()}
      />
      <Field label={m.staff_uf_world_ranking()} field={fields.worldRanking} inputMode="numeric" hint={m.staff_uf_optional()} />
      <Field label={m.staff_uf_ranking_year()} field={fields.rankingYear} inputMode="numeric" hint={m.staff_uf_ranking_year_hint()} />
      <Field label={m.staff_uf_ranking()} field={fields.rankingSource} hint={m.staff_uf_ranking_hint()} />
      <Field label={m.staff_uf_english_courses()} field={fields.englishTaughtCourses} inputMode="numeric" hint={m.staff_uf_optional()} />
      <TextAreaField
        className="sm:col-span-2"
        label={m.staff_uf_about()}
        field={fields.about}
        rows={4}
        maxLength={UNIVERSITY_ABOUT_MAX_LENGTH}
        hint={m.staff_uf_about_hint()}
      />
      <TextAreaField
        className="sm:col-span-2"
        label={m.staff_uf_facilities()}
        field={fields.facilities}
        rows={4}
        hint={m.staff_uf_facilities_hint()}
      />
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
      <SelectField label={m.staff_uf_fee_currency({ label })} field={currency} options={tuitionCurrencies} fallback="USD" />
      <Field label={m.staff_uf_fee_year({ label })} field={year} inputMode="numeric" hint={m.staff_uf_year_hint()} />
      <Field label={m.staff_uf_fee_source({ label })} field={source} {...sourceField()} />
    </>
  );
}
