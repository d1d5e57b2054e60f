import { t } from '@lingui/core/macro';
import { currentFormattingLocale, currentLanguage } from '../../i18n/i18n.ts';
import type { CheckedBulkFile } from '../../../contract/bulk-csv.ts';
import type { FileEncoding } from '../../../contract/file-encoding.ts';
import type { BulkKind, ChargeTotal } from '../../../contract/bulk.ts';

/** Rows shown in the dry run. */
export const PREVIEW_ROWS = 10;
/** Repeated rows listed in the dry run (all are counted). */
export const LISTED_REPEATS = 200;

/** The checked file as the page gets it: counts, the first rows, the good rows as JSON, the dry run's totals. */
export type CheckedFile = Omit<CheckedBulkFile, 'rows' | 'invalid'> & {
  /** How the file's bytes were read (decodeFileText): the page says so. */
  encoding: FileEncoding;
  rowCount: number;
  preview: CheckedBulkFile['rows'];
  /** The good rows, as they go into `POST /bff/bulk/campaigns`. */
  rowsJson: string;
  /** The rows with problems, kept in the campaign as `invalid` (its results have every row of the file). */
  invalidJson: string;
  /** The dry run's totals without the repeated rows (what is sent unless staff book them too)… */
  totals: ChargeTotal[];
  /** … and with them. */
  totalsWithRepeats: ChargeTotal[];
  /** Rows identical to an earlier row of the file: [row, the earlier row], the first LISTED_REPEATS. */
  repeats: [number, number][];
  repeatCount: number;
  milliseconds: number;
};

/** Checks a file in a Web Worker (papaparse and the row schemas stay off the main thread). */
export function checkFileInWorker(kind: BulkKind, file: File): Promise<CheckedFile> {
  const worker = new Worker(new URL('./csv-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<CheckedFile>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<CheckedFile>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message || t`The file could not be read.`));
    // The worker speaks the page's language: its messages and number reading follow the UI's.
    worker.postMessage({ kind, file, language: currentLanguage(), locale: currentFormattingLocale() });
  }).finally(() => worker.terminate());
}
