import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rollup } from 'vite';
import { linguiMacros } from './scripts/lingui-macros.ts';
import { precompress } from './scripts/precompress.ts';

type PluginContext = Rollup.PluginContext;

/**
 * The report's chart library and what only it uses (d3, redux toolkit, immer, es-toolkit, decimal.js-light,
 * react-redux's selector hook, which the router's shim is not): ~110 KB gzip that changes only when recharts
 * does, so it is a chunk of its own that a release changing the report's code leaves cached, and the
 * bundle-size check tells the page's code from the library. A module the library imports and the page's
 * chunk keeps would make the two chunks import each other, and the chart fail to start.
 */
export const CHART_LIBRARY = new RegExp(
  // Packages installed at the top (the first node_modules in the path): a copy nested under another package
  // is that package's. downshift's own react-is matched once, and every page with a combobox loaded the
  // whole chart library through it (the write forms' contract suggestions, the report's zone picker).
  String.raw`^(?:(?!node_modules).)*[\\/]node_modules[\\/](recharts|d3-[\w-]+|victory-vendor|@reduxjs[\\/]toolkit|redux|redux-thunk|` +
    String.raw`reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|react-redux|internmap|tiny-invariant|` +
    String.raw`clsx|react-is|use-sync-external-store[\\/](with-selector|cjs[\\/]use-sync-external-store-with-selector\.))`,
);

/**
 * Every module the entry imports statically, whatever else imports it too: loaded before the first paint
 * anyway, so one chunk (`shell`) instead of the ~25 the splitting made of them (each module a lazy page
 * shares with the shell was its own file). On HTTP/1.1 the browser fetches six files at a time: 28 files
 * took five rounds before the console could start, and a lazy page's own files queued behind them.
 * The set is read from the module graph once it is complete (buildEnd), before the chunks are made.
 */
function staticImports(name: string, isStart: (id: string, context: PluginContext) => boolean) {
  const modules = new Set<string>();
  return {
    modules,
    plugin: {
      name: `energy-console:${name}`,
      apply: 'build' as const,
      buildEnd(this: PluginContext) {
        modules.clear();
        const pending = [...this.getModuleIds()].filter((id) => isStart(id, this));
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (modules.has(id)) continue;
          modules.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
  };
}
const shell = staticImports('shell-modules', (id, context) => context.getModuleInfo(id)?.isEntry === true);

/**
 * What the feed-in report's route loads (its page, the find slots, sharing, the charts; check-bundle-size.ts):
 * the console's modules that pages share and the report uses are one chunk (`shared`), the others a second
 * (`shared-forms`). In one chunk the report loaded the write forms' rules and zod's parts only they use
 * (ibantools, the bulk and approval shapes: ~9 KB gzip), once zod left the shell (docs/decisions/0049).
 */
const REPORT_ROUTE_MODULES =
  /[\\/]src[\\/]web[\\/](features[\\/]feed-report[\\/](feed-report-page\.tsx|chart[\\/]charts\.ts)|app[\\/](find-slots|report-share)\.tsx)$/;
const reportRoute = staticImports('report-route-modules', (id) => REPORT_ROUTE_MODULES.test(id));

/**
 * The shared report link's page (`shared.html`, issue 46) is a second build into the same folder, run when
 * the console's has been written: one `vite build` (npm run build, npm start, the benchmarks) makes both.
 * Its own build, not a second input here: the shell grouping would put the console's shell into its chunk.
 */
function sharedReportPage() {
  let outDir = 'dist';
  return {
    name: 'energy-console:shared-report-page',
    apply: 'build' as const,
    configResolved(config: { build: { outDir: string } }) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const { build } = await import('vite');
      await build({ configFile: 'vite.shared.config.ts', logLevel: 'warn', build: { outDir } });
    },
  };
}

// In development Vite serves the SPA and proxies /api and /bff to the BFF (npm run dev).
export default defineConfig(({ command }) => ({
  // A production build fails when a German translation is missing (catalogs.test.ts says which).
  plugins: [
    linguiMacros(),
    react(),
    lingui({ failOnMissing: command === 'build' }),
    precompress(),
    shell.plugin,
    reportRoute.plugin,
    sharedReportPage(),
  ],
  // The bulk page's CSV worker uses the same messages.
  worker: { format: 'es', plugins: () => [linguiMacros(), lingui()] },
  build: {
    outDir: 'dist',
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'recharts', test: CHART_LIBRARY },
            // zod's parts (core, mini, its registries) in one file, not four: every page loads them.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            { name: 'shell', test: (id) => shell.modules.has(id), priority: 1 },
            {
              name: 'shared',
              test: (id) => /[\\/]src[\\/]/.test(id) && reportRoute.modules.has(id),
              minShareCount: 2,
            },
            { name: 'shared-forms', test: /[\\/]src[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // npm run dev passes the BFF's address; servers restart on change through tsx watch.
    proxy: {
      '/api': process.env.BFF_URL ?? 'http://127.0.0.1:8080',
      '/bff': process.env.BFF_URL ?? 'http://127.0.0.1:8080',
    },
  },
}));
