import type { ConsoleRecord } from '../../../contract/records.ts';
import { platformMessage } from '../../lib/known-messages.ts';
import { answerProblems } from './answer-problems.ts';
import { answerSentence } from './record-text.ts';

/**
 * The platform's answer to a write: what it means in a sentence, and for a refusal its messages listed,
 * each on its field in words (`fieldLabel`), the platform's text as sent (German: its meaning beside it).
 */
export function PlatformAnswer({
  record,
  fieldLabel,
}: {
  record: ConsoleRecord;
  fieldLabel: (name: string) => string | undefined;
}) {
  const problems = record.outcome === 'created' ? [] : answerProblems(record.upstream_body);
  return (
    <div
      className={
        record.outcome === 'created' ? 'platform-answer' : 'platform-answer platform-answer--problem'
      }
      data-testid="platform-answer"
    >
      <p>{answerSentence(record)}</p>
      {problems.length > 0 && (
        <ul className="answer-problems">
          {problems.map((problem, index) => (
            <li key={index}>
              {problem.field !== null && <strong>{fieldLabel(problem.field) ?? problem.field}: </strong>}
              {platformMessage(problem.message)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
