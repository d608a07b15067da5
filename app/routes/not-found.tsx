import { data } from "react-router";
import { m } from "~/paraglide/messages";

/** Any path no other route matches: the root error boundary renders the 404 page, in the address's language. */
export function loader() {
  throw data(m.forms_error_not_found_title(), { status: 404 });
}

export default function NotFound() {
  return null;
}
