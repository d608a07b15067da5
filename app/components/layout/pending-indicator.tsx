import { useNavigation } from "react-router";
import { m } from "~/paraglide/messages";

/** A bar and a "Loading..." announcement while a navigation or form submission is under way. */
export function PendingIndicator() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50">
      {pending ? (
        <>
          <div className="h-1 w-full bg-accent-500 motion-safe:animate-pulse" />
          <span
            className="absolute right-3 top-2 rounded bg-brand-900 px-2 py-1 text-xs font-semibold text-white shadow"
            data-testid="loading"
          >
            {m.forms_loading()}
          </span>
        </>
      ) : null}
    </div>
  );
}
