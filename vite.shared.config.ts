import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiMacros } from './scripts/lingui-macros.ts';
import { precompress } from './scripts/precompress.ts';
import { CHART_LIBRARY } from './vite.config.ts';

/**
 * The shared report link's page (issue 46, decision 0047): its own entry, built after the console into the
 * same `dist/` (its hashed files beside the console's), without the console's shell grouping, so its first
 * chunk holds only what the page needs; the chart library is a chunk of its own that loads as the chart
 * comes into view.
 */
export default defineConfig(({ command }) => ({
  plugins: [linguiMacros(), react(), lingui({ failOnMissing: command === 'build' }), precompress()],
  // The page runs on Preact's React compatibility layer (~10 KB gzip where React and ReactDOM are ~58): the
  // page is 46 KB before the chart where it was 103, under issue 46's 60. Its code is the console's own report
  // modules, written and unit-tested against React; e2e/shared-report.spec.ts runs this build, chart cursor,
  // tooltip, views and downloads included. (An earlier try failed on the chunk cycle the grouping below mends.)
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: { shared: 'shared.html' },
      // The contract's modules only declare (schemas, rules): what the page does not use of them goes, with
      // zod, which the page never needs (~25 KB gzip came in through one constant of the charges' schemas).
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]src[\\/]contract[\\/]/.test(id) },
      output: {
        entryFileNames: 'assets/link-[hash].js',
        chunkFileNames: 'assets/link-[name]-[hash].js',
        assetFileNames: 'assets/link-[name]-[hash][extname]',
        codeSplitting: {
          includeDependenciesRecursively: false,
          // The console's shell holds use-sync-external-store's shim (the router uses it); here only the chart
          // library does, so it goes with the library: left in the page's chart chunk, the two chunks imported
          // each other and the chart failed to start ("a is not a function").
          groups: [
            {
              name: 'recharts',
              test: (id: string) =>
                CHART_LIBRARY.test(id) || /[\\/]node_modules[\\/]use-sync-external-store[\\/]/.test(id),
            },
          ],
        },
      },
    },
  },
}));
