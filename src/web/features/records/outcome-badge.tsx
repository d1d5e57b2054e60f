import type { ConsoleRecord } from '../../../contract/records.ts';
import { outcomeWord, shownOutcome, type ShownOutcome } from './record-text.ts';

/**
 * The platform's verdict on a write, as a tag: its words differ per outcome (never colour alone), and a
 * refused or unanswered write stands out (a mark and a border of its own).
 */
export function OutcomeBadge({
  record,
}: {
  record: Pick<ConsoleRecord, 'outcome' | 'operation'> &
    Partial<Pick<ConsoleRecord, 'upstream_status' | 'upstream_body'>>;
}) {
  const outcome = shownOutcome(record);
  return (
    <span className={`outcome outcome--${outcome}`} data-outcome={outcome}>
      <span aria-hidden="true" className="outcome__mark">
        {OUTCOME_MARKS[outcome]}
      </span>
      {outcomeWord(outcome, record.operation)}
    </span>
  );
}

const OUTCOME_MARKS: Record<ShownOutcome, string> = {
  created: '✓',
  refused: '✕',
  unknown: '?',
  repeat: '=',
};
