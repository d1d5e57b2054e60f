import { t } from '@lingui/core/macro';
import { dateInZone } from '../../../contract/calendar-date.ts';
import type { Duplicate } from '../../../contract/records.ts';
import { formatDate } from '../../lib/format.ts';

/** The console's calendar: a record made at 00:30 Berlin time was made "on" that Berlin day. */
const CONSOLE_ZONE = 'Europe/Berlin';

/** A duplicate's sentence, split around the ID the page links to its record. */
export interface DuplicateSentence {
  before: string;
  id: string;
  after: string;
  url: string;
}

/** The ID a duplicate is known by: the consumer's user ID, or the resource's TR-ID. */
export function duplicateId(duplicate: Duplicate): string {
  if (duplicate.reason === 'technical_resource_id')
    return duplicate.technical_resource_id ?? duplicate.record_id;
  return duplicate.user_id ?? duplicate.record_id;
}

/**
 * "K-100234 was migrated with this market location on 2026-11-23 by olga." — what the earlier write
 * shares with the new one, when and by whom; the ID is the link to its page.
 */
export function duplicateSentence(duplicate: Duplicate): DuplicateSentence {
  const id = duplicateId(duplicate);
  const date = formatDate(dateInZone(new Date(duplicate.recorded_at), CONSOLE_ZONE));
  const by = duplicate.recorded_by;
  const sentence = {
    market_location: () => t`${id} was migrated with this market location on ${date} by ${by}.`,
    name_and_address: () => t`${id} was migrated with this name and address on ${date} by ${by}.`,
    technical_resource_id: () => t`${id} was registered on ${date} by ${by}.`,
  }[duplicate.reason]();
  // The ID stands once in every translation: the text around it stays text, the ID becomes the link.
  const at = sentence.indexOf(id);
  if (at < 0) return { before: `${sentence} `, id, after: '', url: duplicate.url };
  return { before: sentence.slice(0, at), id, after: sentence.slice(at + id.length), url: duplicate.url };
}
