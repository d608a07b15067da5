import { useEffect, useRef } from "react";
import { Form, useHref, useNavigation, useSubmit } from "react-router";
import { getSessionUser } from "~/.server/auth/session";
import { readQuery } from "~/.server/read-query";
import { cardView } from "~/.server/universities/card-view";
import { universityCountries } from "~/.server/universities/find-universities";
import { parseFinderQuery } from "~/.server/universities/finder-query";
import { finderResults } from "~/.server/universities/finder-results";
import { shortlistedAmong } from "~/.server/universities/shortlist";
import { Page } from "~/components/layout/page";
import { Button } from "~/components/ui/button";
import { FilterField, FilterSearch, FilterSelect, filterControl, Select } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { ResultCount } from "~/components/ui/result-count";
import { TextLink } from "~/components/ui/text-link";
import { ShortlistButton } from "~/components/universities/shortlist-button";
import { UniversityCardGrid } from "~/components/universities/university-card";
import { countryName } from "~/lib/country-names";
import { formatLakh } from "~/lib/first-year-cost";
import { localizedPath } from "~/lib/locale";
import { formatScore, groupThousands } from "~/lib/numbers";
import { sharedPage } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { FINDER_SEARCH_MAX_LENGTH, ieltsBands, universityTypeLabel, universityTypes } from "~/lib/universities";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/find-university";

const finderParameters = ["q", "country", "type", "ielts", "maxTuition", "budget", "scholarships", "sort", "page"] as const;

/** Anonymous visitors share one rendering per query (server/html-cache.ts); other parameters are not part of it. */
export const headers = sharedPage(finderParameters);

/**
 * The finder: every filter, the sort and the page come from the URL (a plain GET form), so a
 * search can be shared, reloaded and used without JavaScript. Values out of range are ignored.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = readQuery(request);
  const [countries, user] = await Promise.all([universityCountries(), getSessionUser(request)]);
  const query = parseFinderQuery(params, countries);
  const { rates, fit, ...results } = await finderResults(query, user);
  // Signed in: which cards carry a filled heart. (Such requests carry our cookie, so the shared cache never sees them.)
  const shortlisted = user
    ? await shortlistedAmong(
        user.id,
        results.items.map((university) => university.slug),
      )
    : null;
  const kept = [...params].filter(([name]) => (finderParameters as readonly string[]).includes(name));
  return {
    ...results,
    items: results.items.map((university) => ({
      ...cardView(university, rates),
      shortlisted: shortlisted ? shortlisted.has(university.slug) : null,
      fitReasons: university.fitReasons,
    })),
    query,
    fitFrom: fit ? { ielts: fit.ielts, budget: fit.budgetBdt, level: fit.level, profile: fit.fromProfile } : null,
    countries,
    returnTo: kept.length > 0 ? `/find-university?${new URLSearchParams(kept)}` : "/find-university",
  };
}

/** The two amounts in taka the finder filters by: the most the first year may cost, and the family's budget (for the fit order). */
const takaFilters = [
  { name: "maxTuition", label: m.finder_max_tuition_label, step: 10000, placeholder: m.finder_max_tuition_placeholder },
  { name: "budget", label: m.finder_budget_label, step: 100000, placeholder: m.finder_budget_placeholder },
] as const;

export default function FindUniversityPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, query, countries, returnTo, fitFrom } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
  // The navigation carries the address with its language prefix (/bn/find-university on a Bangla page).
  const finderPath = useHref("/find-university");
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useRef(false);
  // The fields follow the URL when it changes under them (Back, Forward, a link): the same
  // elements keep focus, and a later change does not carry a value from another page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new query moves the fields; `submit` is stable.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const values: Record<string, string> = {
      q: query.q,
      country: query.country,
      type: query.type,
      ielts: query.ielts === null ? "" : String(query.ielts),
      maxTuition: query.maxTuition === null ? "" : String(query.maxTuition),
      budget: query.budget === null ? "" : String(query.budget),
      sort: query.sort,
    };
    const scholarships = form.elements.namedItem("scholarships");
    if (!hydrated.current) {
      hydrated.current = true;
      // On a slow phone a choice can be made before JavaScript arrives: act on it now, not undo it.
      const changedEarly =
        Object.entries(values).some(([name, value]) => {
          const field = form.elements.namedItem(name);
          return field instanceof HTMLSelectElement && field.value !== value;
        }) ||
        (scholarships instanceof HTMLInputElement && scholarships.checked !== query.scholarships);
      if (changedEarly) void submit(form, { preventScrollReset: true, replace: false });
      return;
    }
    for (const [name, value] of Object.entries(values)) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field.value !== value) field.value = value;
    }
    if (scholarships instanceof HTMLInputElement) scholarships.checked = query.scholarships;
  }, [query]);
  const filtered = Boolean(query.q || query.country || query.type || query.ielts || query.maxTuition || query.budget || query.scholarships);
  // With JavaScript, a changed select or box updates the results at once (the URL too), keeping focus and scroll.
  const submitOnChange = (event: React.ChangeEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLSelectElement || (event.target instanceof HTMLInputElement && event.target.type === "checkbox")) {
      void submit(event.currentTarget, { preventScrollReset: true, replace: false });
    }
  };
  return (
    <Page title={m.finder_title()} intro={m.finder_intro()}>
      <Form
        ref={formRef}
        method="get"
        role="search"
        aria-label={m.finder_search_label()}
        className="grid gap-4 rounded-card bg-brand-50 p-4 sm:grid-cols-2 lg:grid-cols-4"
        onChange={submitOnChange}
      >
        <FilterSearch
          label={m.finder_university_label()}
          className="sm:col-span-2"
          defaultValue={query.q}
          maxLength={FINDER_SEARCH_MAX_LENGTH}
          placeholder={m.finder_university_placeholder()}
        />
        <FilterSelect
          label={m.finder_country_label()}
          name="country"
          defaultValue={query.country}
          className="w-full"
          allLabel={m.finder_all_countries()}
          options={countries.map((value) => ({ value, label: countryName(value) }))}
        />
        <FilterField label={m.finder_type_label()}>
          <Select name="type" defaultValue={query.type} className="w-full">
            <option value="">{m.finder_all_types()}</option>
            {universityTypes.map((type) => (
              <option key={type} value={type}>
                {universityTypeLabel(type)}
              </option>
            ))}
          </Select>
        </FilterField>
        <FilterField label={m.finder_ielts_label()}>
          <Select name="ielts" defaultValue={query.ielts ?? ""} className="w-full">
            <option value="">{m.finder_ielts_any()}</option>
            {ieltsBands.map((band) => (
              <option key={band} value={band}>
                {formatScore(band)}
              </option>
            ))}
          </Select>
        </FilterField>
        {takaFilters.map((filter) => (
          <FilterField key={filter.name} label={filter.label()}>
            <input
              name={filter.name}
              type="number"
              inputMode="numeric"
              min={0}
              step={filter.step}
              defaultValue={query[filter.name] ?? ""}
              placeholder={filter.placeholder()}
              className={filterControl}
            />
          </FilterField>
        ))}
        <FilterField label={m.finder_sort_label()}>
          <Select name="sort" defaultValue={query.sort} className="w-full">
            <option value="fit">{m.finder_sort_fit()}</option>
            <option value="ranking">{m.finder_sort_ranking()}</option>
            <option value="name">{m.finder_sort_name()}</option>
            <option value="tuition">{m.finder_sort_tuition()}</option>
          </Select>
        </FilterField>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <label className="flex h-11 items-center gap-2 text-sm font-semibold text-slate-800">
            <input name="scholarships" type="checkbox" value="1" defaultChecked={query.scholarships} className="size-5" />
            {m.finder_with_scholarships()}
          </label>
          <Button className="h-11" pending={navigation.state === "loading" && navigation.location?.pathname === finderPath}>
            {m.finder_search()}
          </Button>
        </div>
      </Form>

      <ResultCount className="mt-6" clear={filtered ? { href: localizedPath("/find-university"), label: m.finder_clear_filters() } : null}>
        {total === 0
          ? m.finder_no_results()
          : filtered
            ? m.finder_results_found({ count: groupThousands(total), n: total })
            : m.finder_results({ count: groupThousands(total), n: total })}
      </ResultCount>

      {fitFrom ? <FitNote fit={fitFrom} /> : null}
      {items.length > 0 ? (
        <UniversityCardGrid
          label={m.finder_results_label()}
          universities={items}
          corner={(university) => (
            <ShortlistButton slug={university.slug} name={university.name} shortlisted={university.shortlisted} returnTo={returnTo} />
          )}
        />
      ) : null}
      <Pager page={page} pageCount={pageCount} />
    </Page>
  );
}

/** What the fit order compares, in one sentence, with where it came from and how to change it. */
function FitNote({ fit }: { fit: NonNullable<Route.ComponentProps["loaderData"]["fitFrom"]> }) {
  const parts = [
    fit.ielts === null ? null : m.finder_fit_note_ielts({ score: formatScore(fit.ielts) }),
    fit.budget === null ? null : m.finder_fit_note_budget({ amount: formatLakh(fit.budget) }),
  ].filter(Boolean);
  return (
    <p className="mt-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
      {parts.length === 0
        ? m.finder_fit_note_empty()
        : m.finder_fit_note_ranked({
            criteria: parts.join(m.finder_fit_note_and()),
            level: fit.level === "masters" ? m.finder_fit_note_masters() : "",
          })}
      {fit.profile ? (
        <>
          {m.finder_fit_note_profile_before()}
          <TextLink href={localizedPath("/dashboard/academic-profile")}>{m.finder_fit_note_profile_link()}</TextLink>
          {m.finder_fit_note_profile_after()}
        </>
      ) : parts.length === 0 ? (
        <>
          {m.finder_fit_note_sign_in_before()}
          <TextLink href={localizedPath("/login")}>{m.finder_fit_note_sign_in_link()}</TextLink>
          {m.finder_fit_note_sign_in_after()}
        </>
      ) : (
        m.finder_fit_note_end()
      )}{" "}
      {m.finder_costs_indicative()}
    </p>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/find-university",
    title: m.finder_title(),
    description: m.finder_meta_description(),
  });
