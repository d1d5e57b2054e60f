/// <reference lib="webworker" />
import '../../zod-without-eval.ts';
import { checkBulkFile } from '../../../contract/bulk-csv.ts';
import { decodeFileText } from '../../../contract/file-encoding.ts';
import { chargeTotals, identicalRepeats, type BulkKind } from '../../../contract/bulk.ts';
import { LISTED_REPEATS, PREVIEW_ROWS, type CheckedFile } from './check-file.ts';
import { i18n } from '@lingui/core';
import { z } from 'zod/mini';
import { formErrorMap } from '../../lib/form-error-map.ts';
import { loadCatalogue } from '../../i18n/catalogues.ts';
import type { Language } from '../../i18n/language.ts';

// The forms' messages ("This field is required.", how to write a number), not zod's generic ones.
// Amounts have their own rules in a file (contract/bulk.ts: amount_cent digits only, or amount_eur).

async function speak(language: Language, locale: string) {
  if (i18n.locale !== language)
    i18n.loadAndActivate({ locale: language, messages: (await loadCatalogue[language]()).messages });
  z.config({ customError: formErrorMap(() => undefined, locale) });
}

/** Reads and checks a bulk file off the main thread: a 10,000-row file never freezes the page. */
self.onmessage = async (
  event: MessageEvent<{ kind: BulkKind; file: File; language: Language; locale: string }>,
) => {
  const started = performance.now();
  await speak(event.data.language, event.data.locale);
  // Not file.text(): that reads UTF-8 only, and Excel's "CSV" is Windows-1252 (umlauts would become �).
  const { text, encoding } = decodeFileText(new Uint8Array(await event.data.file.arrayBuffer()));
  const checked = checkBulkFile(event.data.kind, text);
  // The dry run's totals too: every execution of every row is work the main thread is spared.
  const { rows, invalid, ...rest } = checked;
  // Rows identical to an earlier one are not sent unless staff tick "Book identical rows too" (issue 42): the
  // dry run's totals both ways, so the page shows what will be sent either way.
  const repeats = identicalRepeats(rows);
  const totalsOf = (list: typeof rows) =>
    event.data.kind === 'charges' ? chargeTotals(list.map((row) => row.values)) : [];
  const totals = totalsOf(rows.filter((row) => !repeats.has(row.row)));
  const totalsWithRepeats = repeats.size > 0 ? totalsOf(rows) : totals;
  const answer: CheckedFile = {
    ...rest,
    encoding,
    rowCount: rows.length,
    preview: rows.slice(0, PREVIEW_ROWS),
    // One string crosses to the page in no time; 10,000 cloned objects would stall it for a frame or more.
    rowsJson: JSON.stringify(rows),
    invalidJson: JSON.stringify(invalid),
    totals,
    totalsWithRepeats,
    repeats: [...repeats].slice(0, LISTED_REPEATS),
    repeatCount: repeats.size,
    milliseconds: Math.round(performance.now() - started),
  };
  self.postMessage(answer);
};
