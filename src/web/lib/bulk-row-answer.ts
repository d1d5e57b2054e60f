import { t } from '@lingui/core/macro';
import type { BookedBy, BulkRowNotice } from '../../contract/bulk-row-notices.ts';
import { refusalText } from './bff-refusal.ts';
import { formatDate, formatDateTime } from './format.ts';
import { consoleMessage, platformMessage } from './known-messages.ts';

function bookedByWords(by: BookedBy): string {
  if ('row' in by) {
    const { fileName, campaign, row } = by;
    return t`campaign ${fileName} (${campaign}), row ${row}`;
  }
  const { recordedBy } = by;
  const day = formatDate(by.day);
  return t`${recordedBy} on ${day}`;
}

/** What the console says about a bulk row, by its code, in the UI language (the platform's words as sent). */
export function bulkRowNoticeWords(notice: BulkRowNotice): string {
  switch (notice.code) {
    case 'already_booked': {
      const by = bookedByWords(notice.by);
      return t`Already booked by ${by}.`;
    }
    case 'booked_with_other_values': {
      const fields = notice.fields.join(', ');
      const by = bookedByWords(notice.by);
      return t`Booked before with other values (${fields}) by ${by}: not booked again.`;
    }
    case 'exists_not_by_console': {
      const platform = platformMessage(notice.platform);
      return t`Exists on the platform, not booked by the console: check it. The platform: ${platform}`;
    }
    case 'identical_to_row': {
      const { row } = notice;
      return t`Identical to row ${row} of the file: not sent (tick “Book identical rows too” to book it as well).`;
    }
    case 'booked_by_lost_attempt': {
      const platform = platformMessage(notice.platform);
      return t`Booked by an earlier attempt whose answer was lost; the platform confirmed it: ${platform}`;
    }
    case 'no_answer': {
      const { attempts } = notice;
      const since = formatDateTime(notice.since);
      const last = platformMessage(notice.last);
      return t`Sent without an answer from the platform since ${since} (${attempts} attempts; last: ${last}). It may be booked: check on the platform before sending it again.`;
    }
    case 'not_booked': {
      const { attempts } = notice;
      const since = formatDateTime(notice.since);
      const last = platformMessage(notice.last);
      return t`Not booked: ${last} (${attempts} attempts since ${since})`;
    }
    case 'console_refusal': {
      const why = refusalText(notice.refusal) ?? notice.refusal.detail;
      return t`Not sent: ${why}`;
    }
  }
}

/**
 * A bulk row's answer in the UI language: the console's notice by its code; else an invalid row's problems,
 * `column: message` parts as the check showed them (the contract's rules, each read on its own); else the
 * platform's message, in the UI language where the console knows it.
 */
export function bulkRowAnswer(row: {
  status: string;
  message: string | null;
  notice?: BulkRowNotice | null;
}): string {
  if (row.notice) return bulkRowNoticeWords(row.notice);
  if (!row.message) return '';
  if (row.status !== 'invalid') return consoleMessage(row.message);
  return row.message
    .split('; ')
    .map((part) => {
      const colon = part.indexOf(': ');
      return colon > 0
        ? `${part.slice(0, colon)}: ${consoleMessage(part.slice(colon + 2))}`
        : consoleMessage(part);
    })
    .join('; ');
}
