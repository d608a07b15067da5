/**
 * The icon set: single Lucide icons imported by path, so the server loads and the browser ships
 * only these (the package's index would pull in all of its icons). Add an icon here before using it.
 */
import type { LucideIcon } from "lucide-react";
import BadgeCheck from "lucide-react/icons/badge-check";
import BookOpen from "lucide-react/icons/book-open";
import CalendarCheck from "lucide-react/icons/calendar-check";
import CalendarClock from "lucide-react/icons/calendar-clock";
import ClipboardList from "lucide-react/icons/clipboard-list";
import Compass from "lucide-react/icons/compass";
import FileText from "lucide-react/icons/file-text";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Inbox from "lucide-react/icons/inbox";
import Landmark from "lucide-react/icons/landmark";
import LayoutDashboard from "lucide-react/icons/layout-dashboard";
import ListChecks from "lucide-react/icons/list-checks";
import MapPinned from "lucide-react/icons/map-pinned";
import MessagesSquare from "lucide-react/icons/messages-square";
import PiggyBank from "lucide-react/icons/piggy-bank";
import PlaneTakeoff from "lucide-react/icons/plane-takeoff";
import Settings from "lucide-react/icons/settings";
import ShieldCheck from "lucide-react/icons/shield-check";
import University from "lucide-react/icons/university";
import UserCog from "lucide-react/icons/user-cog";
import UserPlus from "lucide-react/icons/user-plus";
import UserRound from "lucide-react/icons/user-round";
import Users from "lucide-react/icons/users";
import Wallet from "lucide-react/icons/wallet";
import { cn } from "~/lib/cn";

export const icons = {
  applications: ClipboardList,
  appointments: CalendarClock,
  book: BookOpen,
  booking: CalendarCheck,
  check: BadgeCheck,
  compass: Compass,
  costs: Wallet,
  dashboard: LayoutDashboard,
  document: FileText,
  graduate: GraduationCap,
  inbox: Inbox,
  landmark: Landmark,
  mapPin: MapPinned,
  messages: MessagesSquare,
  plane: PlaneTakeoff,
  process: ListChecks,
  profile: UserRound,
  savings: PiggyBank,
  settings: Settings,
  shield: ShieldCheck,
  university: University,
  userAdd: UserPlus,
  userManagement: UserCog,
  users: Users,
} as const satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof icons;

/** A decorative icon (hidden from screen readers: the text beside it says the same). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  const Glyph = icons[name];
  return <Glyph aria-hidden="true" focusable="false" className={cn("size-5 shrink-0", className)} strokeWidth={2} />;
}

/** An icon on a tinted tile, for a card's or a section's title. */
export function IconTile({ name, tone = "brand", className }: { name: IconName; tone?: "brand" | "accent"; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex size-10 shrink-0 items-center justify-center rounded-lg",
        tone === "brand" ? "bg-brand-100 text-brand-700" : "bg-accent-100 text-accent-700",
        className,
      )}
    >
      <Icon name={name} />
    </span>
  );
}
