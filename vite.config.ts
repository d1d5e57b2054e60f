import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiMacros } from './scripts/lingui-macros.ts';
import { precompress } from './scripts/precompress.ts';

/**
 * The report's chart library and what only it uses (d3, redux toolkit, immer, es-toolkit, decimal.js-light,
 * react-redux's selector hook, which the router's shim is not): ~110 KB gzip that changes only when recharts
 * does, so it is a chunk of its own that a release changing the report's code leaves cached, and the
 * bundle-size check tells the page's code from the library. A module the library imports and the page's
 * chunk keeps would make the two chunks import each other, and the chart fail to start.
 */
const CHART_LIBRARY = new RegExp(
  String.raw`[\\/]node_modules[\\/](recharts|d3-[\w-]+|victory-vendor|@reduxjs[\\/]toolkit|redux|redux-thunk|` +
    String.raw`reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|react-redux|internmap|tiny-invariant|` +
    String.raw`clsx|react-is|use-sync-external-store[\\/](with-selector|cjs[\\/]use-sync-external-store-with-selector\.))`,
);

// In development Vite serves the SPA and proxies /api and /bff to the BFF (npm run dev).
export default defineConfig(({ command }) => ({
  // A production build fails when a German translation is missing (catalogs.test.ts says which).
  plugins: [linguiMacros(), react(), lingui({ failOnMissing: command === 'build' }), precompress()],
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
            // Runs before zod loads, so its own chunk (src/web/zod-without-eval.ts).
            { name: 'zod-without-eval', test: /zod-without-eval\.ts$/ },
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
