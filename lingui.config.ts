import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The console's languages. English is the source: messages are written in English in the code
 * (Lingui macros) and `npm run i18n:extract` collects them into src/web/locales/{en,de}.po, where
 * the German translations live. `catalogs.test.ts` fails when a message lacks its German text.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/web/locales/{locale}',
      include: ['<rootDir>/src/web'],
      exclude: [
        '**/*.test.ts',
        '**/*.test.tsx',
        '<rootDir>/src/web/features/approvals/**',
        '<rootDir>/src/web/features/records/**',
        '<rootDir>/src/web/features/find/**',
        '<rootDir>/src/web/features/account/**',
        '<rootDir>/src/web/features/admin/**',
        '<rootDir>/src/web/features/feed-report/**',
        '<rootDir>/src/web/shared-report/**',
        '<rootDir>/src/web/features/shared-reports/**',
      ],
    },
    // A feature's own catalogue loads with its pages (loadFeatureCatalogue), so the one loaded before the
    // first paint stays within its budget.
    {
      path: '<rootDir>/src/web/features/approvals/locales/{locale}',
      include: ['<rootDir>/src/web/features/approvals'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/src/web/features/records/locales/{locale}',
      include: ['<rootDir>/src/web/features/records'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/src/web/features/find/locales/{locale}',
      include: ['<rootDir>/src/web/features/find'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    {
      path: '<rootDir>/src/web/features/account/locales/{locale}',
      include: ['<rootDir>/src/web/features/account'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    // The admin pages' words left the first catalogue when the account pages came (issue 31): that one
    // was at its budget, and only admins ever load these.
    {
      path: '<rootDir>/src/web/features/admin/locales/{locale}',
      include: ['<rootDir>/src/web/features/admin'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    // The feed-in report's words (its views, summary, exports) left it when issue 30 gave it three views.
    {
      path: '<rootDir>/src/web/features/feed-report/locales/{locale}',
      include: ['<rootDir>/src/web/features/feed-report'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    // Sharing reports and the contract's links (issue 46): only operators and admins on two pages use them.
    {
      path: '<rootDir>/src/web/features/shared-reports/locales/{locale}',
      include: ['<rootDir>/src/web/features/shared-reports'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
    // The shared report link's page (issue 46): its own words and those of the shared parts it shows
    // (the report's are in the report's catalogue), so it loads neither the console's first catalogue nor more.
    {
      path: '<rootDir>/src/web/shared-report/locales/{locale}',
      include: ['<rootDir>/src/web/shared-report', '<rootDir>/src/web/components/scroll-region.tsx'],
      exclude: ['**/*.test.ts', '**/*.test.tsx'],
    },
  ],
  orderBy: 'message',
  // File names without line numbers, so catalogues change only when messages do.
  format: formatter({ lineNumbers: false }),
});
