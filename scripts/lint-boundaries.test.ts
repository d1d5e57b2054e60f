import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Proves the architecture rules bite: a forbidden import in each part is a lint error. */
const eslint = new ESLint({ cwd: process.cwd() });

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

  it('allows every part to import the contract', async () => {
    for (const part of ['web', 'bff', 'sandbox']) {
      expect(await lintImport(`src/${part}/probe.ts`, '../contract/iban.ts')).not.toContain(
        'import/no-restricted-paths',
      );
    }
  });
});
