import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacros } from './scripts/lingui-macros.ts';

export default defineConfig({
  // The console's modules use Lingui's macros and import .po catalogues, as in the Vite build.
  plugins: [linguiMacros(), lingui()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // Every suite fails a test that logs an error it did not say it expects.
    setupFiles: [
      'src/testing/console-errors.ts',
      'src/web/i18n/test-setup.ts',
      'src/web/features/feed-report/test-setup.ts',
      'src/web/testing/testing-library-setup.ts',
    ],
    // The sandbox is seeded once per run and database kind; every test sandbox starts from a copy.
    globalSetup: ['src/sandbox/testing/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The sandbox suites each start PGlite (~350 MB): keep parallelism to the machine's two cores.
    maxWorkers: 2,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,tsx}'],
      exclude: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**', 'src/web/main.tsx'],
      reporter: ['text-summary', 'text'],
      // How the gate is read: coverage is merged over every test of a run, so in the whole suite the BFF's,
      // the sandbox's and the web's tests run contract code too and lift its figure. The contract must reach
      // its gate from its own tests: `npm run test:contract-coverage` (a stage of `npm test`) applies this threshold
      // to what src/contract's tests alone cover, and fails below it.
      thresholds: {
        'src/contract/**': { lines: 95 },
      },
    },
  },
});
