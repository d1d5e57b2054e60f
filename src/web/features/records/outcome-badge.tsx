import type { ConsoleRecord } from '../../../contract/records.ts';
import { outcomeWord } from './record-text.ts';

/**
 * The platform's verdict on a write, as a tag: its words differ per outcome (never colour alone), and a
 * refused or unanswered write stands out (a mark and a border of its own).
 */
export function OutcomeBadge({ record }: { record: Pick<ConsoleRecord, 'outcome' | 'operation'> }) {
  return (
    <span className={`outcome outcome--${record.outcome}`} data-outcome={record.outcome}>
      <span aria-hidden="true" className="outcome__mark">
        {OUTCOME_MARKS[record.outcome]}
      </span>
      {outcomeWord(record.outcome, record.operation)}
    </span>
  );
}

const OUTCOME_MARKS: Record<ConsoleRecord['outcome'], string> = {
  created: '✓',
  refused: '✕',
  unknown: '?',
};
