/// <reference lib="webworker" />
import { checkBulkFile } from '../../../contract/bulk-csv.ts';
import type { BulkKind } from '../../../contract/bulk.ts';
import { z } from 'zod';
import { formErrorMap } from '../../lib/form-error-map.ts';

// The forms' messages ("This field is required.", how to write a number), not zod's generic ones.
z.config({ customError: formErrorMap(() => undefined, navigator.language) });

/** Reads and checks a bulk file off the main thread: a 10,000-row file never freezes the page. */
self.onmessage = async (event: MessageEvent<{ kind: BulkKind; file: File }>) => {
  const started = performance.now();
  const text = await event.data.file.text();
  const checked = checkBulkFile(event.data.kind, text);
  self.postMessage({ ...checked, milliseconds: Math.round(performance.now() - started) });
};
