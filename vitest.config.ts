import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
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
      thresholds: {
        'src/contract/**': { lines: 95 },
      },
    },
  },
});
