import { data } from "react-router";

/** Any path no other route matches: the root error boundary renders the 404 page. */
export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}
