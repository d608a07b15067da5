import {
  CalendarCheck,
  CalendarClock,
  ClipboardList,
  FileText,
  Inbox,
  Landmark,
  LayoutDashboard,
  ListChecks,
  MapPinned,
  MessagesSquare,
  PiggyBank,
  Settings,
  ShieldCheck,
  University,
  UserCog,
  UserPlus,
  UserRound,
  Users,
  Wallet,
} from "lucide";
import { data } from "react-router";
import { getConfig } from "~/.server/config";
import { Page } from "~/components/layout/page";
import { Avatar } from "~/components/ui/avatar";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button, type ButtonVariant, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FormMessage } from "~/components/ui/field";
import { Icon, IconTile } from "~/components/ui/icons";
import { Pager } from "~/components/ui/pager";
import type { Route } from "./+types/design";

/** The design system rendered (docs/design.md): for developers only, never in production. */
export function loader() {
  if (getConfig().env !== "development") throw data("Not found", { status: 404 });
  return null;
}

/** Whole class names, so Tailwind generates every swatch (it only emits the tokens pages use). */
const scales = [
  {
    name: "brand",
    swatches: [
      "bg-brand-50",
      "bg-brand-100",
      "bg-brand-200",
      "bg-brand-300",
      "bg-brand-400",
      "bg-brand-500",
      "bg-brand-600",
      "bg-brand-700",
      "bg-brand-800",
      "bg-brand-900",
      "bg-brand-950",
    ],
  },
  {
    name: "accent",
    swatches: [
      "bg-accent-50",
      "bg-accent-100",
      "bg-accent-200",
      "bg-accent-300",
      "bg-accent-400",
      "bg-accent-500",
      "bg-accent-600",
      "bg-accent-700",
    ],
  },
  {
    name: "slate",
    swatches: [
      "bg-slate-50",
      "bg-slate-100",
      "bg-slate-200",
      "bg-slate-300",
      "bg-slate-400",
      "bg-slate-500",
      "bg-slate-600",
      "bg-slate-700",
      "bg-slate-800",
      "bg-slate-900",
      "bg-slate-950",
    ],
  },
];
const buttonVariants: ButtonVariant[] = ["primary", "secondary", "neutral", "outline", "inverse"];
const badgeTones: BadgeTone[] = ["success", "warning", "brand", "neutral"];
/** The icons the pages draw, under the names they are imported by (keep in step when adding one). */
const icons = Object.entries({
  ApplicationsIcon: ClipboardList,
  AppointmentsIcon: CalendarClock,
  BookingIcon: CalendarCheck,
  ConversationIcon: MessagesSquare,
  CostsIcon: Wallet,
  DashboardIcon: LayoutDashboard,
  DocumentIcon: FileText,
  GuaranteeIcon: ShieldCheck,
  GuideIcon: MapPinned,
  InboxIcon: Inbox,
  NewPersonIcon: UserPlus,
  PeopleIcon: Users,
  ProcessIcon: ListChecks,
  ProfileIcon: UserRound,
  SavingsIcon: PiggyBank,
  SettingsIcon: Settings,
  SponsorIcon: Landmark,
  UniversityIcon: University,
  UserManagementIcon: UserCog,
});
const illustrations = [
  "career-counselling",
  "course-selection",
  "connect-student",
  "visa-guidance",
  "consult",
  "match-destination",
  "meet-your-dream",
];

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function DesignPage() {
  return (
    <Page title="Design system" intro="The tokens and components every page is built from. The reasons are in docs/design.md.">
      <Block title="Colour">
        <div className="grid gap-4">
          {scales.map((scale) => (
            <div key={scale.name}>
              <p className="font-semibold">{scale.name}</p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {scale.swatches.map((swatch) => (
                  <li key={swatch} className="w-16 text-center text-xs">
                    <span className={`block h-10 rounded-md border border-slate-200 ${swatch}`} />
                    {swatch.split("-").at(-1)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </Block>

      <Block title="Type">
        <p className="text-display-lg font-bold tracking-tight">Display large</p>
        <p className="text-display font-bold tracking-tight">Display</p>
        <p className="text-3xl font-bold">Section title (text-3xl)</p>
        <p className="text-xl font-bold">Block title (text-xl)</p>
        <p className="text-lg text-slate-700">Intro paragraph (text-lg)</p>
        <p className="text-slate-700">Body text (text-base), at least 16 px so phones do not zoom into fields.</p>
        <p className="text-sm text-slate-600">Small print and hints (text-sm)</p>
      </Block>

      <Block title="Radii and shadows">
        <div className="flex flex-wrap gap-4">
          <div className="rounded-md border border-slate-300 p-4">rounded-md: controls</div>
          <Card className="p-4">rounded-card + shadow-card</Card>
          <div className="rounded-card bg-white p-4 shadow-raised">shadow-raised</div>
        </div>
      </Block>

      <Block title="Buttons">
        <div className="flex flex-wrap gap-3 bg-brand-800 p-4">
          {buttonVariants.map((variant) => (
            <Button key={variant} type="button" variant={variant}>
              {variant}
            </Button>
          ))}
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <LinkButton href="#top">Link button (lg)</LinkButton>
          <Button type="button" size="sm">
            Small
          </Button>
          <Button type="button" pending>
            Sending…
          </Button>
        </div>
      </Block>

      <Block title="Badges and avatars">
        <div className="flex flex-wrap items-center gap-3">
          {badgeTones.map((tone) => (
            <Badge key={tone} tone={tone}>
              {tone}
            </Badge>
          ))}
          <Avatar name="Nusrat Jahan" />
          <Avatar name="Tanvir Ahmed" />
          <Avatar name="Rafi" size="lg" />
        </div>
      </Block>

      <Block title="Icons">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {icons.map(([name, icon]) => (
            <li key={name} className="flex items-center gap-2 text-sm">
              <Icon icon={icon} className="text-brand-700" />
              {name}
            </li>
          ))}
        </ul>
        <div className="mt-4 flex gap-3">
          <IconTile icon={ShieldCheck} />
          <IconTile icon={PiggyBank} tone="accent" />
        </div>
      </Block>

      <Block title="Illustrations">
        <img src="/images/illustrations/hero.svg" alt="" width={600} height={460} className="w-full max-w-md" />
        <ul className="mt-4 flex flex-wrap gap-4">
          {illustrations.map((name) => (
            <li key={name} className="text-center text-xs">
              <img src={`/images/illustrations/${name}.svg`} alt="" width={96} height={80} />
              {name}
            </li>
          ))}
        </ul>
      </Block>

      <Block title="Form">
        <Card className="max-w-md p-5">
          <Field label="Email" name="email" type="email" defaultValue="student@example" error="Please enter a valid email" />
          <div className="mt-4">
            <FormMessage>Something went wrong, please try again later</FormMessage>
          </div>
        </Card>
      </Block>

      <Block title="Pager">
        <Pager page={2} pageCount={5} />
      </Block>
    </Page>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Design system — Onward" }, { name: "robots", content: "noindex" }];
