import * as z from 'zod/mini';
import { bffRefusalSchema } from './bff-refusal-codes.ts';

/**
 * What the console itself says about a bulk row (issue 43: codes, not sentences), beside the platform's own
 * messages, which stay as sent. Stored with the row; `bulkRowNoticeText` gives the English sentence the results
 * CSV and API clients read in `message`, and the console words each code in the UI language.
 */
const bookedBySchema = z.union([
  /** A row of an earlier campaign: its file name, the campaign's first 8 characters, the row. */
  z.object({ fileName: z.string(), campaign: z.string(), row: z.int() }),
  /** A single booking (or an approved request): who recorded it, on which day (ISO). */
  z.object({ recordedBy: z.string(), day: z.string() }),
]);
export type BookedBy = z.infer<typeof bookedBySchema>;

export const bulkRowNoticeSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('already_booked'), by: bookedBySchema }),
  z.object({ code: z.literal('booked_with_other_values'), fields: z.array(z.string()), by: bookedBySchema }),
  /** The `input_id` (user ID) exists on the platform and the console never sent it. */
  z.object({ code: z.literal('exists_not_by_console'), platform: z.string() }),
  /** Identical to an earlier row of the file, not sent (issue 42). */
  z.object({ code: z.literal('identical_to_row'), row: z.int() }),
  /** An attempt whose answer was lost had booked it: the platform's "exists" confirmed it. */
  z.object({ code: z.literal('booked_by_lost_attempt'), platform: z.string() }),
  /** Sent, and no answer for the whole retry window: it may be booked. */
  z.object({ code: z.literal('no_answer'), since: z.string(), attempts: z.int(), last: z.string() }),
  /** Never booked: the platform could not be reached, or answered errors, for the whole retry window. */
  z.object({ code: z.literal('not_booked'), last: z.string(), attempts: z.int(), since: z.string() }),
  /** Not sent: the money path's rules refused it, as they would a single booking (its code and figures). */
  z.object({ code: z.literal('console_refusal'), refusal: bffRefusalSchema }),
]);
export type BulkRowNotice = z.infer<typeof bulkRowNoticeSchema>;

const bookedByText = (by: BookedBy) =>
  'row' in by ? `campaign ${by.fileName} (${by.campaign}), row ${by.row}` : `${by.recordedBy} on ${by.day}`;

/** What a row stores of a notice: its English as `message` (API clients, the results CSV) and its code and figures. */
export const withNoticeText = (notice: BulkRowNotice) => ({ message: bulkRowNoticeText(notice), notice });

/** The notice in English: the row's `message` in the results, for API clients and the results CSV. */
export function bulkRowNoticeText(notice: BulkRowNotice): string {
  switch (notice.code) {
    case 'already_booked':
      return `Already booked by ${bookedByText(notice.by)}.`;
    case 'booked_with_other_values':
      return `Booked before with other values (${notice.fields.join(', ')}) by ${bookedByText(notice.by)}: not booked again.`;
    case 'exists_not_by_console':
      return `Exists on the platform, not booked by the console: check it. The platform: ${notice.platform}`;
    case 'identical_to_row':
      return `Identical to row ${notice.row} of the file: not sent (tick “Book identical rows too” to book it as well).`;
    case 'booked_by_lost_attempt':
      return `Booked by an earlier attempt whose answer was lost; the platform confirmed it: ${notice.platform}`;
    case 'no_answer':
      return `Sent without an answer from the platform since ${notice.since} (${notice.attempts} attempts; last: ${notice.last}). It may be booked: check on the platform before sending it again.`;
    case 'not_booked':
      return `Not booked: ${notice.last} (${notice.attempts} attempts since ${notice.since})`;
    case 'console_refusal':
      return `Not sent: ${notice.refusal.detail}`;
  }
}
