import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import type { WriteOutcome } from '../../lib/use-form-feedback.ts';

/**
 * What came of a write whose answer was lost, or that was stored with an unexpected answer. For an
 * unknown outcome the one safe action is offered: the identical request again, whose duplicate answer
 * confirms a booking that happened — staff are never led to book twice.
 */
export function WriteOutcomeNotice({
  outcome,
  onRetry,
}: {
  outcome: WriteOutcome | null;
  onRetry: () => Promise<void>;
}) {
  const [checking, setChecking] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);
  if (!outcome) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={outcome.kind === 'unknown' ? 'error-summary' : 'notice'}
      role={outcome.kind === 'unknown' ? 'alert' : 'status'}
      data-testid="write-outcome"
      data-outcome={outcome.kind}
    >
      {outcome.kind === 'unknown' && (
        <>
          <h2>{t`Sent, but no answer came`}</h2>
          <p>
            {t`The request was sent, but no answer came back (${outcome.reason}). It may have been saved. Do not send the form again as a new request: check it first.`}
          </p>
          <button
            type="button"
            className="button"
            disabled={checking}
            onClick={() => {
              setChecking(true);
              void onRetry().finally(() => setChecking(false));
            }}
          >
            {checking ? t`Checking…` : t`Check and retry safely`}
          </button>
          <p className="hint">
            {t`This sends the identical request again. If the first one was saved, the platform says so and nothing is saved twice.`}
          </p>
        </>
      )}
      {outcome.kind === 'confirmed' && (
        <p>
          {t`Saved: the platform confirms that the first attempt was stored (its answer had been lost). Nothing was saved twice.`}{' '}
          <span className="hint">({outcome.answer})</span>
        </p>
      )}
      {outcome.kind === 'saved' && (
        <p>
          {t`Saved: the platform accepted it (HTTP ${outcome.status}), but its answer is not in the form the console expects (${outcome.problem}). Do not send it again.`}
        </p>
      )}
    </div>
  );
}
