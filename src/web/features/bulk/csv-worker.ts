/// <reference lib="webworker" />
import { checkBulkFile } from '../../../contract/bulk-csv.ts';
import { chargeTotals, type BulkKind } from '../../../contract/bulk.ts';
import { PREVIEW_ROWS, type CheckedFile } from './check-file.ts';
import { z } from 'zod';
import { formErrorMap } from '../../lib/form-error-map.ts';

// The forms' messages ("This field is required.", how to write a number), not zod's generic ones.
// A file holds amounts in whole cents, where the single form takes euros.
const FILE_WORDS: Record<string, { unreadable: () => string }> = {
  amount_cent: { unreadable: () => 'Give the amount in whole cents, e.g. 1000 for 10.00 €.' },
};
z.config({ customError: formErrorMap((name) => FILE_WORDS[name], navigator.language) });

/** Reads and checks a bulk file off the main thread: a 10,000-row file never freezes the page. */
self.onmessage = async (event: MessageEvent<{ kind: BulkKind; file: File }>) => {
  const started = performance.now();
  const text = await event.data.file.text();
  const checked = checkBulkFile(event.data.kind, text);
  // The dry run's totals too: every execution of every row is work the main thread is spared.
  const { rows, ...rest } = checked;
  const totals = event.data.kind === 'charges' ? chargeTotals(rows.map((row) => row.values)) : [];
  const answer: CheckedFile = {
    ...rest,
    rowCount: rows.length,
    preview: rows.slice(0, PREVIEW_ROWS),
    // One string crosses to the page in no time; 10,000 cloned objects would stall it for a frame or more.
    rowsJson: JSON.stringify(rows),
    totals,
    milliseconds: Math.round(performance.now() - started),
  };
  self.postMessage(answer);
};
