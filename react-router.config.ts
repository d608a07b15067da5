import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // The Bangla browser build (scripts/build.mjs, ADR 038) goes beside the main one, which takes its files.
  buildDirectory: process.env.ONWARD_BROWSER_LOCALE === "bn" ? "build/bn" : "build",
  // React Router v8's behaviour, adopted early (ADR 028). Middleware stays off: it would replace
  // the AppLoadContext our server passes every loader and action (request id, nonce, client
  // address), a change with its own decision; `false` says so and silences its warning.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
