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
import { FilterSelect } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { ResultCount } from "~/components/ui/result-count";
import { consultantCountries, isConsultantCountry } from "~/lib/booking";
import { parsePage } from "~/lib/pagination";
import { plural } from "~/lib/plural";
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
  return (
    <Page
      title="Book Appointment"
      intro="Talk to a consultant who knows your destination: about universities, applications, costs and visas. Choose a country, then a consultant and one of their free times."
    >
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <FilterSelect label="Country" name="country" defaultValue={country ?? ""} allLabel="All countries" options={consultantCountries} />
        <Button className="h-11">Search</Button>
      </Form>
      <ResultCount className="mt-6" clear={country ? { href: "/book-appointment", label: "Show every country" } : null}>
        {total === 0
          ? country
            ? `No consultants for ${country} yet. Try another country.`
            : "No consultants are taking bookings yet. Please check back soon."
          : `${plural(total, "consultant", "consultants")}${country ? ` for ${country}` : ""}.`}
      </ResultCount>
      {items.length > 0 ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Consultants">
          {items.map((consultant) => (
            <li key={consultant.id}>
              <Card className="flex h-full flex-col p-5" data-consultant={consultant.id}>
                <ConsultantDetails consultant={consultant} />
                {consultant.freeSlots > 0 ? (
                  <>
                    <p className="mt-3 text-sm font-medium text-slate-800">{plural(consultant.freeSlots, "free time", "free times")}</p>
                    <div className="mt-auto pt-4">
                      <a
                        href={`/book-appointment/${consultant.id}`}
                        className={buttonClasses({ size: "sm" })}
                        aria-haspopup="dialog"
                        onClick={(event) => {
                          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                          event.preventDefault();
                          dialog.open(consultant.id, event.currentTarget);
                        }}
                      >
                        Book Appointment<span className="sr-only"> with {consultant.name}</span>
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

export const meta: Route.MetaFunction = () => [{ title: "Book Appointment — Onward" }, { name: "robots", content: "noindex" }];
