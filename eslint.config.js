// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import pluginQuery from '@tanstack/eslint-plugin-query';

/**
 * The architecture in one rule: contract imports none of the others; web, bff and sandbox never
 * import each other; only bff and sandbox may use the node-only shared folder.
 */
const boundaries = [
  {
    target: './src/contract',
    from: ['./src/web', './src/bff', './src/sandbox', './src/node-shared'],
    message: 'contract imports nothing of the other parts',
  },
  {
    target: './src/web',
    from: ['./src/bff', './src/sandbox', './src/node-shared'],
    message: 'web talks to the BFF over HTTP only',
  },
  {
    target: './src/bff',
    from: ['./src/web', './src/sandbox'],
    message: 'bff must not import web or sandbox',
  },
  {
    target: './src/sandbox',
    from: ['./src/web', './src/bff'],
    message: 'sandbox must not import web or bff',
  },
  {
    target: './src/node-shared',
    from: ['./src/web', './src/bff', './src/sandbox'],
    message: 'node-shared serves bff and sandbox, it imports neither',
  },
];

/**
 * Features stay independent (bulletproof-react's rule): a feature imports the shared layers
 * (components, lib, i18n) and the contract, never another feature; only the app (the layout, the
 * routes that compose features) composes features, and the shared layers import no feature.
 */
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = [
  ...webFeatures.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'features do not import each other: move what they share to src/web/lib or src/web/components',
  })),
  {
    // A feature's own routes hang below the app's parent routes: those are all a feature takes of the app.
    target: './src/web/features',
    from: './src/web/app',
    except: ['./root-route.tsx', './console-route.tsx', './admin-route.tsx'],
    message: 'a feature imports of the app only the parent routes (root, console, admin)',
  },
  {
    target: ['./src/web/components', './src/web/lib', './src/web/i18n'],
    from: ['./src/web/features', './src/web/app'],
    message: 'shared layers import no feature and not the app',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'coverage',
      '.data',
      '.tmp',
      'node_modules',
      'drizzle',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    // Type-aware rules: a cast is a claim the compiler cannot check, and a promise nobody awaits
    // loses its error. What remains is justified in a comment beside an eslint-disable.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unsafe-type-assertion': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...boundaries, ...featureZones] }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The contract's schemas are zod/mini; classic zod beside them would load a second copy of zod's API
      // before the first paint (docs/decisions/0045).
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: 'import zod/mini, as the contract does (docs/decisions/0045)' }] },
      ],
    },
  },
  {
    // What the contract may import: it runs unchanged in the browser, the BFF and the sandbox, so only
    // libraries that are pure, platform-neutral code with no I/O: zod/mini (the shapes; not classic zod, whose
    // methods on every schema cost the console's first load, docs/decisions/0045), ibantools (the IBAN
    // registry) and papaparse (one CSV parser, so the browser's file check and the BFF's campaign parse
    // a file identically). No node: built-ins, no network or storage clients. Tests and test vectors
    // (`testing/`) may read files.
    files: ['src/contract/**/*.ts'],
    ignores: ['src/contract/**/*.test.ts', 'src/contract/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.{1,2}/)(?!(?:zod/mini|ibantools|papaparse)$)',
              message: 'src/contract imports only zod/mini, ibantools and papaparse (see eslint.config.js)',
            },
          ],
        },
      ],
    },
  },
  {
    // The BFF's integration tests run against the real sandbox: only they (and their helpers in
    // src/bff/testing, which only tests import) may start it.
    files: ['src/bff/**/*.test.ts', 'src/bff/testing/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [...featureZones, ...boundaries].map((zone) =>
            zone.target === './src/bff' ? { ...zone, from: ['./src/web'] } : zone,
          ),
        },
      ],
    },
  },
  {
    // Command-line entry points talk to people on stdout.
    files: ['src/**/server.ts', 'src/start.ts', 'bench/**', 'scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
