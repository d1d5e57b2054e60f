import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Proves the architecture rules bite: a forbidden import in each part is a lint error. The probes are
 * not files of the TypeScript project, so the type-aware rules (which need one) are left out here.
 */
const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-unsafe-type-assertion': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/await-thenable': 'off',
    },
  },
});

async function lintImport(file: string, importPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${importPath}';\nexport const y = x;\n`, {
    filePath: file,
  });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('architecture boundaries', () => {
  it.each([
    ['src/contract/probe.ts', '../web/main.tsx'],
    ['src/contract/probe.ts', '../node-shared/env.ts'],
    ['src/web/probe.ts', '../bff/app.ts'],
    ['src/web/probe.ts', '../sandbox/app.ts'],
    ['src/bff/probe.ts', '../sandbox/app.ts'],
    ['src/bff/probe.ts', '../web/main.tsx'],
    ['src/sandbox/probe.ts', '../bff/app.ts'],
    ['src/node-shared/probe.ts', '../sandbox/app.ts'],
  ])('%s may not import %s', async (file, importPath) => {
    expect(await lintImport(file, importPath)).toContain('import/no-restricted-paths');
  });

  it.each([
    ['src/web/features/admin/probe.ts', '../charges/api/book-charge.ts'],
    ['src/web/features/charges/probe.ts', '../consumer-migration/api/migrate-consumer.ts'],
    ['src/web/lib/probe.ts', '../features/charges/api/book-charge.ts'],
    ['src/web/components/probe.ts', '../app/router.tsx'],
    ['src/web/features/charges/probe.ts', '../../app/with-find-slots.tsx'],
  ])('%s may not import %s (features stay independent)', async (file, importPath) => {
    expect(await lintImport(file, importPath)).toContain('import/no-restricted-paths');
  });

  it('allows a feature its own files and the shared layers', async () => {
    for (const importPath of [
      './api/book-charge.ts',
      '../../lib/session/use-current-user.ts',
      '../../components/role-required.tsx',
      '../../app/console-route.tsx',
    ]) {
      expect(await lintImport('src/web/features/charges/probe.ts', importPath)).not.toContain(
        'import/no-restricted-paths',
      );
    }
  });

  it.each(['node:fs', 'pg', 'react', 'zod'])(
    'src/contract may not import the library %s',
    async (library) => {
      expect(await lintImport('src/contract/probe.ts', library)).toContain('no-restricted-imports');
    },
  );

  it.each(['zod/mini', 'ibantools', 'papaparse'])(
    'src/contract may import the library %s',
    async (library) => {
      expect(await lintImport('src/contract/probe.ts', library)).not.toContain('no-restricted-imports');
    },
  );

  it('keeps classic zod out of the console, which uses zod/mini as the contract does', async () => {
    expect(await lintImport('src/web/lib/probe.ts', 'zod')).toContain('no-restricted-imports');
    expect(await lintImport('src/web/lib/probe.ts', 'zod/mini')).not.toContain('no-restricted-imports');
  });

  it('allows every part to import the contract', async () => {
    for (const part of ['web', 'bff', 'sandbox']) {
      expect(await lintImport(`src/${part}/probe.ts`, '../contract/iban.ts')).not.toContain(
        'import/no-restricted-paths',
      );
    }
  });
});
