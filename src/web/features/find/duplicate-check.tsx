import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useFormState } from 'react-hook-form';
import type { ConsumerMigrationSubmission } from '../../../contract/api/consumer-migration.ts';
import type { TechnicalResourceRequest } from '../../../contract/api/technical-resources.ts';
import type { Duplicate, DuplicateCheck as DuplicateCheckBody } from '../../../contract/records.ts';
import { SignedOutError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import type { DuplicateCheckProps } from '../../lib/form-slots.ts';
import { useSendGate } from '../../lib/send-gates.ts';
import { acknowledgementHeaders, checkDuplicates } from './api/check-duplicates.ts';
import { checkKey, migrationCheck, technicalResourceCheck } from './duplicate-checks.ts';
import { duplicateSentence } from './duplicate-text.ts';
import { RecordLink } from './record-link.tsx';

/** What the last check found, for the submission whose checked fields give `key`. */
type Finding =
  | { key: string; kind: 'duplicates'; duplicates: Duplicate[] }
  | { key: string; kind: 'failed'; reason: string };

interface Words {
  heading: string;
  anyway: string;
  failed: (reason: string) => string;
  withoutCheck: string;
}

/**
 * Before a write is sent: the console's earlier successful writes it would repeat. Found ones stop the
 * send and are listed (each ID a link to its page) with a second button that sends anyway, deliberately,
 * with the records it was warned about in `X-Duplicate-Acknowledged`. A check that fails says so and
 * lets staff send without it: the check never blocks the write.
 */
function DuplicateCheck<T>({
  gates,
  toCheck,
  words,
}: DuplicateCheckProps<T> & { toCheck: (submission: T) => DuplicateCheckBody; words: Words }) {
  const [finding, setFinding] = useState<Finding | null>(null);
  // Set by the second button's click, read by the submit it starts: that submit is the deliberate one.
  const acknowledged = useRef(false);
  const notice = useRef<HTMLDivElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const { isSubmitting } = useFormState();
  useEffect(() => {
    if (focusRequest > 0) notice.current?.focus();
  }, [focusRequest]);
  // A deliberate click whose submit ended before reaching the check (the form had errors) does not carry
  // over to the next submit.
  useEffect(() => {
    if (!isSubmitting) acknowledged.current = false;
  }, [isSubmitting]);

  useSendGate(gates, async (submission) => {
    const check = toCheck(submission);
    const key = checkKey(check);
    const deliberate = acknowledged.current;
    acknowledged.current = false;
    if (deliberate && finding?.key === key)
      return { headers: finding.kind === 'duplicates' ? acknowledgementHeaders(finding.duplicates) : {} };
    try {
      const duplicates = await checkDuplicates(check);
      if (duplicates.length === 0) {
        setFinding(null);
        return { headers: {} };
      }
      setFinding({ key, kind: 'duplicates', duplicates });
    } catch (error) {
      if (error instanceof SignedOutError) return null;
      setFinding({ key, kind: 'failed', reason: errorMessage(error) });
    }
    setFocusRequest((request) => request + 1);
    return null;
  });

  if (!finding) return null;
  return (
    <div
      ref={notice}
      tabIndex={-1}
      className="notice notice--warning duplicate-warning"
      role="region"
      aria-labelledby="duplicate-warning-heading"
      data-testid="duplicate-warning"
    >
      {finding.kind === 'duplicates' ? (
        <>
          <h2 id="duplicate-warning-heading">{words.heading}</h2>
          <ul>
            {finding.duplicates.map((duplicate) => {
              const sentence = duplicateSentence(duplicate);
              return (
                <li key={duplicate.record_id}>
                  {sentence.before}
                  <RecordLink url={sentence.url}>{sentence.id}</RecordLink>
                  {sentence.after}
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p id="duplicate-warning-heading">{words.failed(finding.reason)}</p>
      )}
      {/* Not a submit button: Enter in a field submits with the form's first submit button, and that must
          never be this one (it would send the duplicate without the deliberate click). */}
      <button
        type="button"
        className="button button--secondary"
        disabled={isSubmitting}
        onClick={(event) => {
          acknowledged.current = true;
          event.currentTarget.form?.requestSubmit();
        }}
      >
        {finding.kind === 'duplicates' ? words.anyway : words.withoutCheck}
      </button>
    </div>
  );
}

export function MigrationDuplicates({ gates }: DuplicateCheckProps<ConsumerMigrationSubmission>) {
  const { t } = useLingui();
  return (
    <DuplicateCheck
      gates={gates}
      toCheck={migrationCheck}
      words={{
        heading: t`The console has migrated this consumer before`,
        anyway: t`Migrate anyway`,
        failed: (reason) =>
          t`The console could not check for earlier migrations of this consumer (${reason}). You can migrate without the check.`,
        withoutCheck: t`Migrate without the check`,
      }}
    />
  );
}

export function TechnicalResourceDuplicates({ gates }: DuplicateCheckProps<TechnicalResourceRequest>) {
  const { t } = useLingui();
  return (
    <DuplicateCheck
      gates={gates}
      toCheck={technicalResourceCheck}
      words={{
        heading: t`The console has registered this technical resource before`,
        anyway: t`Register anyway`,
        failed: (reason) =>
          t`The console could not check for earlier registrations of this technical resource (${reason}). You can register without the check.`,
        withoutCheck: t`Register without the check`,
      }}
    />
  );
}
