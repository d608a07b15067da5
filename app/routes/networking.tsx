import { Briefcase as CompanyIcon, MapPin as PlaceIcon } from "lucide";
import { Form } from "react-router";
import { requireUser } from "~/.server/auth/session";
import { getMemberChoices } from "~/.server/networking/choices";
import { memberPhotoUrl } from "~/.server/networking/member-photo";
import { searchDirectory } from "~/.server/networking/search-directory";
import { readQuery } from "~/.server/read-query";
import { Page } from "~/components/layout/page";
import { MemberHeading } from "~/components/networking/member-heading";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FilterSearch, FilterSelect } from "~/components/ui/field";
import { Icon } from "~/components/ui/icons";
import { Pager } from "~/components/ui/pager";
import { ResultCount } from "~/components/ui/result-count";
import { TextLink } from "~/components/ui/text-link";
import { bookConsultantsHref } from "~/lib/booking";
import { pageRoles } from "~/lib/dashboard-menu";
import { DIRECTORY_SEARCH_MAX_LENGTH } from "~/lib/networking";
import { parsePage } from "~/lib/pagination";
import { plural } from "~/lib/plural";
import { hasRole } from "~/lib/roles";
import type { Route } from "./+types/networking";

/**
 * The directory (signed in): Active members, searched and filtered on the server from the URL
 * (`q`, `location`, `category`, `page`), so a search can be shared, reloaded and used without
 * JavaScript. A filter value not on the lists is ignored rather than refused.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const query = readQuery(request);
  const choices = await getMemberChoices();
  const q = (query.get("q") ?? "").trim().slice(0, DIRECTORY_SEARCH_MAX_LENGTH);
  const asked = { location: query.get("location") ?? "", category: query.get("category") ?? "" };
  const location = choices.locations.includes(asked.location) ? asked.location : "";
  const category = choices.categories.includes(asked.category) ? asked.category : "";
  // Students may write to members (Connect); the Connect page and its action check again.
  const canConnect = hasRole(user.role, pageRoles.connectWithMember);
  const results = await searchDirectory({ q, location, category, page: parsePage(query.get("page")) });
  return {
    ...results,
    items: results.items.map(({ photo, acceptsMessages, ...card }) => ({
      ...card,
      photoUrl: memberPhotoUrl(photo),
      canConnect: acceptsMessages && canConnect,
    })),
    query: { q, location, category },
    choices,
  };
}

export default function NetworkingPage({ loaderData }: Route.ComponentProps) {
  const { items: members, total, page, pageCount, query, choices } = loaderData;
  const filtered = Boolean(query.q || query.location || query.category);
  return (
    <Page
      title="Networking"
      intro="Bangladeshi students and professionals already living where you want to go. Search by name, profession or company, or narrow by country and field."
    >
      <Form
        method="get"
        role="search"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
      >
        <FilterSearch
          label="Search"
          className="sm:col-span-2 lg:col-span-1"
          defaultValue={query.q}
          maxLength={DIRECTORY_SEARCH_MAX_LENGTH}
          placeholder="Name, profession or company"
        />
        <FilterSelect label="Location" name="location" defaultValue={query.location} allLabel="All locations" options={choices.locations} />
        <FilterSelect
          label="Job category"
          name="category"
          defaultValue={query.category}
          allLabel="All job categories"
          options={choices.categories}
        />
        <Button className="h-11 sm:col-span-2 lg:col-span-1">Search</Button>
      </Form>

      <ResultCount className="mt-6" clear={filtered ? { href: "/networking", label: "Show everyone" } : null}>
        {total === 0
          ? filtered
            ? "No one matches this search yet. Try fewer words or another country."
            : "No members are listed yet. Check back soon."
          : `${plural(total, "person", "people")}${filtered ? " found" : ""}.`}
      </ResultCount>

      {members.length > 0 ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="directory">
          {members.map((member) => (
            <li key={member.id}>
              <Card className="flex h-full flex-col p-5">
                <MemberHeading photoUrl={member.photoUrl} name={member.name} detail={member.profession} size="lg" />
                <ul className="mt-4 grid gap-1 text-sm text-slate-700">
                  <li className="flex gap-2">
                    <Icon icon={CompanyIcon} className="size-4 text-brand-700" />
                    <span className="min-w-0 break-words">{member.company}</span>
                  </li>
                  <li className="flex gap-2">
                    <Icon icon={PlaceIcon} className="size-4 text-brand-700" />
                    <span className="min-w-0 break-words">
                      {member.address}, {member.location}
                    </span>
                  </li>
                </ul>
                {member.linkedin || member.twitter ? (
                  <p className="mt-3 flex gap-4 text-sm">
                    {member.linkedin ? <ProfileLink href={member.linkedin} label="LinkedIn" name={member.name} /> : null}
                    {member.twitter ? <ProfileLink href={member.twitter} label="Twitter" name={member.name} /> : null}
                  </p>
                ) : null}
                <div className="mt-auto flex flex-wrap gap-2 pt-4">
                  {member.canConnect ? (
                    <LinkButton href={`/networking/${member.id}/connect`} variant="outline" size="sm">
                      Connect<span className="sr-only"> with {member.name}</span>
                    </LinkButton>
                  ) : null}
                  <BookLink bookingUrl={member.bookingUrl} name={member.name} location={member.location} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}
      <Pager page={page} pageCount={pageCount} />
    </Page>
  );
}

function ProfileLink({ href, label, name }: { href: string; label: string; name: string }) {
  return (
    <TextLink href={href} external>
      {label}
      <span className="sr-only"> of {name} (opens in a new tab)</span>
    </TextLink>
  );
}

/** The member's own scheduling page; else our consultants for their country. */
function BookLink({ bookingUrl, name, location }: { bookingUrl: string | null; name: string; location: string }) {
  if (bookingUrl) {
    return (
      <LinkButton href={bookingUrl} target="_blank" rel="noopener noreferrer" size="sm">
        Book Appointment<span className="sr-only"> with {name} (opens in a new tab)</span>
      </LinkButton>
    );
  }
  return (
    <LinkButton href={bookConsultantsHref(location)} size="sm">
      Book Appointment<span className="sr-only"> with a consultant for {location}</span>
    </LinkButton>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Networking — Onward" }, { name: "robots", content: "noindex" }];
