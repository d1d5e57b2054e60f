import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { formatter } from '@lingui/format-po';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');
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

  /** Each catalogue of lingui.config.ts: the one loaded before the first paint, and the features' own. */
  const catalogues = [
    'src/web/locales',
    'src/web/features/approvals/locales',
    'src/web/features/records/locales',
    'src/web/features/find/locales',
    'src/web/features/account/locales',
    'src/web/features/admin/locales',
    'src/web/features/feed-report/locales',
    'src/web/features/shared-reports/locales',
    'src/web/shared-report/locales',
  ];

  it('hold every message of the code, each translated into German', async () => {
    let config = readFileSync(join(root, 'lingui.config.ts'), 'utf8');
    for (const [index, folder] of catalogues.entries()) {
      const copy = join(scratch, String(index));
      mkdirSync(copy);
      for (const language of ['en', 'de'])
        copyFileSync(join(root, folder, `${language}.po`), join(copy, `${language}.po`));
      const path = `'<rootDir>/${folder}/{locale}'`;
      expect(config, `lingui.config.ts names ${folder}`).toContain(path);
      config = config.replace(path, JSON.stringify(join(copy, '{locale}')));
    }
    const configFile = join(scratch, 'lingui.config.ts');
    writeFileSync(configFile, config.replaceAll('<rootDir>', root));
    await run(join(root, 'node_modules/.bin/lingui'), ['extract', '--clean', '--config', configFile], {
      cwd: root,
    });

    for (const [index, folder] of catalogues.entries()) {
      const copy = join(scratch, String(index));
      const committed = await read(join(root, folder, 'en.po'));
      const extracted = await read(join(copy, 'en.po'));
      const messages = (catalogue: typeof committed) =>
        Object.values(catalogue)
          .map((entry) => entry.message)
          .sort();
      // Not equal: run `npm run i18n:extract` and translate what is new in the folder's de.po.
      expect(messages(committed), folder).toEqual(messages(extracted));
      expect(Object.keys(extracted).length).toBeGreaterThan(20);

      const german = await read(join(copy, 'de.po'));
      const untranslated = Object.values(german)
        .filter((entry) => !entry.translation?.trim())
        .map((entry) => entry.message);
      expect(untranslated, folder).toEqual([]);
    }
  }, 60_000);
});
