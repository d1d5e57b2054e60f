import type { CheckedBulkFile } from '../../../contract/bulk-csv.ts';
import type { BulkKind } from '../../../contract/bulk.ts';

export type CheckedFile = CheckedBulkFile & { milliseconds: number };

/** Checks a file in a Web Worker (papaparse and the row schemas stay off the main thread). */
export function checkFileInWorker(kind: BulkKind, file: File): Promise<CheckedFile> {
  const worker = new Worker(new URL('./csv-worker.ts', import.meta.url), { type: 'module' });
  return new Promise<CheckedFile>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<CheckedFile>) => resolve(event.data);
    worker.onerror = (event) => reject(new Error(event.message || 'The file could not be read.'));
    worker.postMessage({ kind, file });
  }).finally(() => worker.terminate());
}
