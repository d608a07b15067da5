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
import { localizedPath } from "~/lib/locale";
import { DIRECTORY_SEARCH_MAX_LENGTH } from "~/lib/networking";
import { groupThousands } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import { hasRole } from "~/lib/roles";
import { m } from "~/paraglide/messages";
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
    <Page title={m.community_networking_title()} intro={m.community_networking_intro()}>
      <Form
        method="get"
        role="search"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
      >
        <FilterSearch
          label={m.community_search()}
          className="sm:col-span-2 lg:col-span-1"
          defaultValue={query.q}
          maxLength={DIRECTORY_SEARCH_MAX_LENGTH}
          placeholder={m.community_networking_search_placeholder()}
        />
        <FilterSelect
          label={m.community_networking_location()}
          name="location"
          defaultValue={query.location}
          allLabel={m.community_networking_all_locations()}
          options={choices.locations}
        />
        <FilterSelect
          label={m.community_networking_category()}
          name="category"
          defaultValue={query.category}
          allLabel={m.community_networking_all_categories()}
          options={choices.categories}
        />
        <Button className="h-11 sm:col-span-2 lg:col-span-1">{m.community_search()}</Button>
      </Form>

      <ResultCount
        className="mt-6"
        clear={filtered ? { href: localizedPath("/networking"), label: m.community_networking_show_everyone() } : null}
      >
        {total === 0
          ? filtered
            ? m.community_networking_no_match()
            : m.community_networking_empty()
          : (filtered ? m.community_networking_found : m.community_networking_count)({ count: total, countText: groupThousands(total) })}
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
                    <LinkButton href={localizedPath(`/networking/${member.id}/connect`)} variant="outline" size="sm">
                      {m.community_networking_connect()}
                      <span className="sr-only">{m.community_networking_connect_with({ name: member.name })}</span>
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
      <span className="sr-only">{m.community_networking_profile_of({ name })}</span>
    </TextLink>
  );
}

/** The member's own scheduling page; else our consultants for their country. */
function BookLink({ bookingUrl, name, location }: { bookingUrl: string | null; name: string; location: string }) {
  if (bookingUrl) {
    return (
      <LinkButton href={bookingUrl} target="_blank" rel="noopener noreferrer" size="sm">
        {m.community_book_appointment()}
        <span className="sr-only">{m.community_networking_book_with_member({ name })}</span>
      </LinkButton>
    );
  }
  return (
    <LinkButton href={localizedPath(bookConsultantsHref(location))} size="sm">
      {m.community_book_appointment()}
      <span className="sr-only">{m.community_networking_book_with_consultant({ location })}</span>
    </LinkButton>
  );
}

export const meta: Route.MetaFunction = () => [{ title: m.community_networking_meta_title() }, { name: "robots", content: "noindex" }];
