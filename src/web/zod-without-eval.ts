/**
 * The console's Content-Security-Policy allows no eval (`script-src 'self'`). Building an object schema,
 * zod probes for eval with `new Function('')` to compile a faster parser; under the policy the probe
 * fails and zod parses without it, but the browser reports a CSP violation on every page (issue 30).
 * Jitless, zod skips the probe and parses as it did.
 *
 * Zod reads its settings from this global when it loads, and the app's schemas are built as their
 * modules load, before main.tsx's own code could call `z.config`. So this module runs first: main.tsx
 * and the CSV worker import it first. In the build it is the shell's first module, and zod comes only in
 * chunks the shell loads later (docs/decisions/0049); before that, zod was in a chunk the shell imported,
 * which runs before the shell's own modules, so this was a chunk of its own. The e2e suite fails on any CSP
 * violation (e2e/fixtures.ts).
 */
declare global {
  // Zod's name for its settings (zod/v4/core/core.js); `var` is how TypeScript declares a global.
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
