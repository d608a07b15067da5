import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
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
import { formatLakh } from "~/lib/first-year-cost";
import { sharedPage } from "~/lib/page-cache";
import { plural } from "~/lib/plural";
import { pageMeta } from "~/lib/seo";
import { FINDER_SEARCH_MAX_LENGTH, ieltsBands, universityTypes } from "~/lib/universities";
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
  { name: "maxTuition", label: "First year at most (BDT)", step: 10000, placeholder: "For example 2000000" },
  { name: "budget", label: "Our first-year budget (BDT)", step: 100000, placeholder: "For example 3000000" },
] as const;

export default function FindUniversityPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, query, countries, returnTo, fitFrom } = loaderData;
  const submit = useSubmit();
  const navigation = useNavigation();
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
    <Page
      title="Find Your Dream University"
      intro="Search universities by country, type, your IELTS score and what the first year costs in taka. Every search is a link you can share."
    >
      <Form
        ref={formRef}
        method="get"
        role="search"
        aria-label="Find a university"
        className="grid gap-4 rounded-card bg-brand-50 p-4 sm:grid-cols-2 lg:grid-cols-4"
        onChange={submitOnChange}
      >
        <FilterSearch
          label="University"
          className="sm:col-span-2"
          defaultValue={query.q}
          maxLength={FINDER_SEARCH_MAX_LENGTH}
          placeholder="Name, for example Belfast"
        />
        <FilterSelect
          label="Country"
          name="country"
          defaultValue={query.country}
          className="w-full"
          allLabel="All countries"
          options={countries}
        />
        <FilterSelect
          label="Filter By Type"
          name="type"
          defaultValue={query.type}
          className="w-full"
          allLabel="Public and private"
          options={universityTypes}
        />
        <FilterField label="My IELTS score">
          <Select name="ielts" defaultValue={query.ielts ?? ""} className="w-full">
            <option value="">Any</option>
            {ieltsBands.map((band) => (
              <option key={band} value={band}>
                {band.toFixed(1)}
              </option>
            ))}
          </Select>
        </FilterField>
        {takaFilters.map((filter) => (
          <FilterField key={filter.name} label={filter.label}>
            <input
              name={filter.name}
              type="number"
              inputMode="numeric"
              min={0}
              step={filter.step}
              defaultValue={query[filter.name] ?? ""}
              placeholder={filter.placeholder}
              className={filterControl}
            />
          </FilterField>
        ))}
        <FilterField label="Sort by">
          <Select name="sort" defaultValue={query.sort} className="w-full">
            <option value="fit">Best fit for me</option>
            <option value="ranking">World ranking</option>
            <option value="name">Name</option>
            <option value="tuition">Tuition, lowest first</option>
          </Select>
        </FilterField>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <label className="flex h-11 items-center gap-2 text-sm font-semibold text-slate-800">
            <input name="scholarships" type="checkbox" value="1" defaultChecked={query.scholarships} className="size-5" />
            With scholarships
          </label>
          <Button className="h-11" pending={navigation.state === "loading" && navigation.location?.pathname === "/find-university"}>
            Search
          </Button>
        </div>
      </Form>

      <ResultCount className="mt-6" clear={filtered ? { href: "/find-university", label: "Clear the filters" } : null}>
        {total === 0
          ? "No university matches these filters."
          : `${plural(total, "university", "universities")}${filtered ? " found" : ""}.`}
      </ResultCount>

      {fitFrom ? <FitNote fit={fitFrom} /> : null}
      {items.length > 0 ? (
        <UniversityCardGrid
          label="Universities"
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
    fit.ielts === null ? null : `IELTS ${fit.ielts.toFixed(1)}`,
    fit.budget === null ? null : `a first-year budget of ${formatLakh(fit.budget)}`,
  ].filter(Boolean);
  return (
    <p className="mt-2 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
      {parts.length === 0
        ? "Best fit ranks by your IELTS score and your first-year budget: enter them above"
        : `Ranked by ${parts.join(" and ")}${fit.level === "masters" ? " for a taught master's" : ""}: universities whose requirements you meet come first, then by world ranking`}
      {fit.profile ? (
        <>
          {" "}
          (from <TextLink href="/dashboard/academic-profile">your academic profile</TextLink>
          ).
        </>
      ) : parts.length === 0 ? (
        <>
          , or <TextLink href="/login">sign in</TextLink> to use your academic profile.
        </>
      ) : (
        "."
      )}{" "}
      Costs are indicative: tuition as each university publishes it, living costs and fees as official bodies state them.
    </p>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    path: "/find-university",
    title: "Find Your Dream University",
    description:
      "Search universities in the USA, UK, Canada, Australia, Europe and Asia by country, type, your IELTS score and first-year tuition in taka.",
  });
