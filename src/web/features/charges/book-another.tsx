import { t } from '@lingui/core/macro';

/** The way back to an empty form once a booking was sent (booked, or sent for approval). */
export function BookAnother({ onAnother }: { onAnother: () => void }) {
  return (
    <p>
      <button type="button" className="button" onClick={onAnother}>
        {t`Book another`}
      </button>
    </p>
  );
}
