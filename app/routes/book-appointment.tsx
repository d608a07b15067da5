import { Form } from "react-router";
import { requireUser } from "~/.server/auth/session";
import { consultantPhotoUrl } from "~/.server/consultants/consultants";
import { findBookableConsultants } from "~/.server/consultants/list-consultants";
import { readQuery } from "~/.server/read-query";
import { useBookDialog } from "~/components/booking/book-dialog";
import { NoFreeTimes } from "~/components/booking/booking-form";
import { ConsultantDetails } from "~/components/booking/consultant-details";
import { Page } from "~/components/layout/page";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FilterField, Select } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { ResultCount } from "~/components/ui/result-count";
import { consultantCountries, isConsultantCountry } from "~/lib/booking";
import { countryName } from "~/lib/country-names";
import { localizedPath } from "~/lib/locale";
import { groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { m } from "~/paraglide/messages";
import type { Route } from "./+types/book-appointment";

/**
 * Consultants students can book (signed in), filtered by country from the URL (`country`, `page`),
 * so a search works without JavaScript and can be shared. A country not on the list shows everyone.
 * Each card's Book button is there only while the consultant has a free future slot (the count
 * comes with the page's one query); otherwise the card says "No free times yet".
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const query = readQuery(request);
  const asked = query.get("country");
  const country = isConsultantCountry(asked) ? asked : null;
  const list = await findBookableConsultants({ country, page: parsePage(query.get("page")) });
  return {
    ...list,
    items: list.items.map(({ photo, ...consultant }) => ({ ...consultant, photoUrl: consultantPhotoUrl(photo) })),
    country,
  };
}

export default function BookAppointmentPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, country } = loaderData;
  const dialog = useBookDialog();
  const chosenCountry = country ? countryName(country) : null;
  const count = { count: total, countText: groupThousands(total) };
  return (
    <Page title={m.community_book_appointment()} intro={m.community_book_intro()}>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        {/* The value posted is the list's own ("UK"); the page's language names it. */}
        <FilterField label={m.community_book_country()}>
          <Select name="country" defaultValue={country ?? ""}>
            <option value="">{m.community_book_all_countries()}</option>
            {consultantCountries.map((option) => (
              <option key={option} value={option}>
                {countryName(option)}
              </option>
            ))}
          </Select>
        </FilterField>
        <Button className="h-11">{m.community_search()}</Button>
      </Form>
      <ResultCount
        className="mt-6"
        clear={country ? { href: localizedPath("/book-appointment"), label: m.community_book_show_every_country() } : null}
      >
        {total === 0
          ? chosenCountry
            ? m.community_book_none_for_country({ country: chosenCountry })
            : m.community_book_none()
          : chosenCountry
            ? m.community_book_count_for({ ...count, country: chosenCountry })
            : m.community_book_count(count)}
      </ResultCount>
      {items.length > 0 ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={m.community_book_consultants()}>
          {items.map((consultant) => (
            <li key={consultant.id}>
              <Card className="flex h-full flex-col p-5" data-consultant={consultant.id}>
                <ConsultantDetails consultant={consultant} />
                {consultant.freeSlots > 0 ? (
                  <>
                    <p className="mt-3 text-sm font-medium text-slate-800">
                      {m.community_book_free_times({ count: consultant.freeSlots, countText: groupThousands(consultant.freeSlots) })}
                    </p>
                    <div className="mt-auto pt-4">
                      <a
                        href={localizedPath(`/book-appointment/${consultant.id}`)}
                        className={buttonClasses({ size: "sm" })}
                        aria-haspopup="dialog"
                        onClick={(event) => {
                          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                          event.preventDefault();
                          dialog.open(consultant.id, event.currentTarget);
                        }}
                      >
                        {m.community_book_appointment()}
                        <span className="sr-only">{m.community_book_with({ name: consultant.name })}</span>
                      </a>
                    </div>
                  </>
                ) : (
                  <div className="mt-auto pt-4">
                    <NoFreeTimes />
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
      <Pager page={page} pageCount={pageCount} />
      {dialog.element}
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.community_book_meta_title() }, { name: "robots", content: "noindex" }];
