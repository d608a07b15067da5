import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

/** Destination guides share one template; each path is its own route id. */
const destinationGuides = ["usa", "uk", "denmark", "australia", "canada"].map((id) =>
  route(`${id}-details`, "routes/public/destination-guide.tsx", { id: `destination-${id}` }),
);

export default [
  index("routes/public/home.tsx"),
  route("about", "routes/public/about.tsx"),
  route("privacy", "routes/public/privacy.tsx"),
  route("terms", "routes/public/terms.tsx"),
  route("contact", "routes/public/contact.tsx"),
  route("countries", "routes/public/countries.tsx"),
  route("countries/:id", "routes/public/country.tsx"),
  ...destinationGuides,
  route("ielts-details", "routes/public/ielts-details.tsx"),
  route("skills", "routes/public/skills.tsx"),
  route("find-university", "routes/public/find-university.tsx"),
  route("university/:id", "routes/public/university.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  route("login", "routes/auth/login.tsx"),
  route("login/two-factor", "routes/auth/two-factor.tsx"),
  route("signup", "routes/auth/signup.tsx"),
  route("signup/check-email", "routes/auth/check-email.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("forgot-password", "routes/auth/forgot-password.tsx"),
  route("reset-password", "routes/auth/reset-password.tsx"),
  route("verify-email", "routes/auth/verify-email.tsx"),
  route("api/auth/*", "routes/api/auth.ts"),
  route("photos/:userId/:file", "routes/api/photo.ts"),
  route("member-photos/:memberId/:file", "routes/api/member-photo.ts"),
  route("university-logos/:file", "routes/api/university-logo.ts"),
  route("dev/mail", "routes/dev/mail.tsx"),
  route("dev/design", "routes/dev/design.tsx"),

  route("apply", "routes/apply.tsx"),
  route("networking", "routes/networking.tsx"),
  route("networking/:memberId/connect", "routes/networking-connect.tsx"),
  route("book-appointment", "routes/book-appointment.tsx"),

  ...prefix("dashboard", [
    layout("routes/dashboard/layout.tsx", [
      index("routes/dashboard/home.tsx"),
      route("profile", "routes/dashboard/profile.tsx"),
      route("edit-user-profile/:email", "routes/dashboard/edit-user-profile.tsx"),
      route("applications", "routes/dashboard/applications.tsx"),
      route("applications/:id", "routes/dashboard/application.tsx"),
      route("my-appointments", "routes/dashboard/my-appointments.tsx"),
      route("appointment-time", "routes/dashboard/appointment-time.tsx"),
      route("add-university", "routes/dashboard/add-university.tsx"),
      route("universities", "routes/dashboard/universities.tsx"),
      route("universities/:id", "routes/dashboard/university-edit.tsx"),
      route("shortlist", "routes/dashboard/shortlist.tsx"),
      route("shortlist/compare", "routes/dashboard/compare.tsx"),
      route("add-new-consultant", "routes/dashboard/add-new-consultant.tsx"),
      route("user-management", "routes/dashboard/user-management.tsx"),
      route("user-management/:id/role", "routes/dashboard/change-role.tsx"),
      route("add-new-networking-member", "routes/dashboard/add-new-networking-member.tsx"),
      route("manage-networking-member", "routes/dashboard/manage-networking-member.tsx"),
      route("networkings/:id", "routes/dashboard/networking-member.tsx"),
      route("messages", "routes/dashboard/messages.tsx"),
      route("settings", "routes/dashboard/settings.tsx"),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
