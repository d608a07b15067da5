// Preloaded by scripts/build.mjs (`node --import`) and imported first by scripts/dev.mjs.
//
// React Router 7's config loaders start Vite servers of their own with `envFile: false`, which
// Vite 8 deprecates, so every build and development start printed "The `envFile` option is
// deprecated…" (remix-run/react-router#15229, fixed only in React Router 8). The servers made from
// our vite.config.ts get `envDir: false` instead (its onward:env-dir-instead-of-env-file plugin);
// these take no plugins and no config file, so nothing we configure reaches them. This drops exactly
// that line and lets every other warning through. Remove it with React Router 8.
const deprecation = "The `envFile` option is deprecated, please use `envDir: false` instead.";
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC.
const colours = /\u001b\[[0-9;]*m/g;

const warn = console.warn;
console.warn = (...args) => {
  if (typeof args[0] === "string" && args[0].replace(colours, "") === deprecation) return;
  warn.apply(console, args);
};
