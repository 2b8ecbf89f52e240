// Runs before the app's modules (a deferred script ahead of them in index.html). The app's
// Content-Security-Policy has no 'unsafe-eval' (docs/0007-production-defaults.md). Zod compiles
// each object schema with `new Function` where it may, and finds out by trying once when the
// first schema is built, which the browser reports as a CSP violation on every page even though
// Zod catches it. With `jitless` in Zod's shared global settings it never tries; it parses the same.
window.__zod_globalConfig = Object.assign(window.__zod_globalConfig || {}, {
  jitless: true,
})
