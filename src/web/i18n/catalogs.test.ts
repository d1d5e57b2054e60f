import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { formatter } from '@lingui/format-po';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');
const locales = join(root, 'src/web/locales');
const po = formatter({ lineNumbers: false });

async function read(file: string): Promise<Record<string, { message?: string; translation?: string }>> {
  const parsed = await po.parse(readFileSync(file, 'utf8'), {
    locale: null,
    sourceLocale: 'en',
    filename: file,
  });
  return parsed ?? {};
}

/**
 * A message written in the code but missing from the catalogues would show English to German staff.
 * This extracts the code's messages afresh into a copy of the catalogues and compares: the committed
 * catalogues must hold exactly the code's messages, and every one needs its German text.
 */
describe('the translation catalogues', () => {
  // Inside the project, so the copied config resolves its imports from node_modules.
  mkdirSync(join(root, '.tmp'), { recursive: true });
  const scratch = mkdtempSync(join(root, '.tmp', 'catalogs-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('hold every message of the code, each translated into German', async () => {
    for (const language of ['en', 'de'])
      copyFileSync(join(locales, `${language}.po`), join(scratch, `${language}.po`));
    const config = join(scratch, 'lingui.config.ts');
    writeFileSync(
      config,
      readFileSync(join(root, 'lingui.config.ts'), 'utf8')
        .replace("'<rootDir>/src/web/locales/{locale}'", JSON.stringify(join(scratch, '{locale}')))
        .replaceAll('<rootDir>', root),
    );
    await run(join(root, 'node_modules/.bin/lingui'), ['extract', '--clean', '--config', config], {
      cwd: root,
    });

    const committed = await read(join(locales, 'en.po'));
    const extracted = await read(join(scratch, 'en.po'));
    const messages = (catalogue: typeof committed) =>
      Object.values(catalogue)
        .map((entry) => entry.message)
        .sort();
    // Not equal: run `npm run i18n:extract` and translate what is new in src/web/locales/de.po.
    expect(messages(committed)).toEqual(messages(extracted));
    expect(Object.keys(extracted).length).toBeGreaterThan(20);

    const german = await read(join(scratch, 'de.po'));
    const untranslated = Object.values(german)
      .filter((entry) => !entry.translation?.trim())
      .map((entry) => entry.message);
    expect(untranslated).toEqual([]);
  }, 60_000);
});
