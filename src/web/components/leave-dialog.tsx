import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';

/** Asks before leaving a form with input; a modal <dialog>, so focus and Escape behave natively. */
export function LeaveDialog({
  message,
  onStay,
  onLeave,
}: {
  message: string;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="leave-title"
      onCancel={(event) => {
        event.preventDefault();
        onStay();
      }}
    >
      <h2 id="leave-title">{t`Leave this form?`}</h2>
      <p>{message}</p>
      <div className="actions">
        <button type="button" className="button" onClick={onStay} autoFocus>
          {t`Stay on the form`}
        </button>
        <button type="button" className="button button--secondary" onClick={onLeave}>
          {t`Leave`}
        </button>
      </div>
    </dialog>
  );
}
