import { t } from '@lingui/core/macro';
import { refusalText } from './bff-refusal.ts';
import { platformMessage } from './known-messages.ts';
import type { SummaryItem } from '../components/form/error-summary.tsx';

export interface MappedAnswer {
  /** Messages that land on a field of the form (dotted paths for rows). */
  fieldErrors: { name: string; message: string }[];
  /** Messages about the whole form, for the error summary. */
  summary: SummaryItem[];
}

/**
 * Maps the platform's answer to a failed write onto the form: field errors onto their fields (rows by
 * dotted path), anything else — `{detail}`, unknown field names, `non_field_errors` — into the summary,
 * and 5xx, 502 and 504 as a plain "nothing was saved".
 */
export function mapServerAnswer(
  status: number,
  body: unknown,
  isFormField: (name: string) => boolean,
): MappedAnswer {
  const result: MappedAnswer = { fieldErrors: [], summary: [] };
  const nothingSaved = t`Nothing was saved: the Energy Platform did not complete the request. Your input is kept; send the form again.`;
  if (status === 504)
    return {
      ...result,
      summary: [{ message: t`The Energy Platform took too long to answer. ${nothingSaved}` }],
    };
  if (status === 502)
    return {
      ...result,
      summary: [{ message: t`The Energy Platform could not be reached. ${nothingSaved}` }],
    };
  if (status >= 500) return { ...result, summary: [{ message: `${nothingSaved} (HTTP ${status})` }] };
  if (status === 403)
    return {
      ...result,
      summary: [{ message: t`Your role may not make this change: an operator or admin role is needed.` }],
    };
  if (status === 413)
    return {
      ...result,
      summary: [{ message: t`The form is too large to send (over 1 MB). Shorten the longest entries.` }],
    };
  // The console server's own refusal (an approval needed, a request not sent): by its code.
  const refusal = refusalText(body);
  if (refusal !== undefined) return { ...result, summary: [{ message: refusal }] };
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body)) {
      // The platform's words stay as sent; in German a known one gets its meaning beside it.
      const messages = (
        Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []
      ).map(platformMessage);
      if (key === 'detail') {
        result.summary.push(...messages.map((message) => ({ message })));
      } else if (isFormField(key)) {
        result.fieldErrors.push(...messages.map((message) => ({ name: key, message })));
      } else if (key === 'non_field_errors') {
        result.summary.push(...messages.map((message) => ({ message })));
      } else {
        result.summary.push(...messages.map((message) => ({ message: `${key}: ${message}` })));
      }
    }
  }
  if (result.fieldErrors.length === 0 && result.summary.length === 0)
    result.summary.push({
      message: t`The platform refused the request (HTTP ${status}). Nothing was saved.`,
    });
  return result;
}
