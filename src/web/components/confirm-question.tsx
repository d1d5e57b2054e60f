import { t } from '@lingui/core/macro';

/**
 * A question before an action that cannot be taken back (a role change, a password reset, a passkey's
 * removal): what will happen, the action in words, and a way out. Asked from a row of a table that may be
 * long, it takes focus, so it comes into view.
 */
export function ConfirmQuestion({
  question,
  confirm,
  cancel = t`Cancel`,
  pending,
  problem,
  onConfirm,
  onCancel,
  testId,
}: {
  question: string;
  /** The action, as the confirming button says it ("Reset password"). */
  confirm: string;
  cancel?: string;
  pending: boolean;
  problem: string | null | undefined;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  return (
    <div className="card confirm" data-testid={testId}>
      <p>{question}</p>
      <p className="button-row">
        <button type="button" className="button" autoFocus disabled={pending} onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {cancel}
        </button>
      </p>
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
