import { useLingui } from '@lingui/react/macro';
import type { LiveCheckState } from '../lib/live-check.ts';
import { formatLongDate } from '../lib/format.ts';

/**
 * Under a delivery start the platform refused as too early: the earliest possible start it named, and a
 * button that takes it. Nothing for any other state of the live check.
 */
export function EarliestStartOffer({
  state,
  onUse,
}: {
  state: LiveCheckState;
  onUse: (date: string) => void;
}) {
  const { t } = useLingui();
  if (state.status !== 'invalid' || !state.earliest) return null;
  const { earliest } = state;
  return (
    <p className="earliest">
      {t`Earliest possible start:`} <strong>{earliest}</strong> ({formatLongDate(earliest)}){' '}
      <button type="button" className="button button--secondary" onClick={() => onUse(earliest)}>
        {t`Use this date`}
      </button>
    </p>
  );
}
