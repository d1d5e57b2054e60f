import { plural, t } from '@lingui/core/macro';
import { useId } from 'react';
import type { PlausibilityReason } from '../../../contract/charge-plausibility.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { formatChargeAmount } from '../../lib/charge-amount.ts';
import { formatDate } from '../../lib/format.ts';

/**
 * What a confirmation is for: the reasons as they stand and whether the money goes to or from the customer
 * (a changed amount, or a credit turned into a charge, asks again).
 */
export const plausibilityKey = (reasons: readonly PlausibilityReason[], typeOfTransaction: string) =>
  JSON.stringify({ reasons, typeOfTransaction });

function reasonText(reason: PlausibilityReason, typeOfTransaction: string, locale: string): string {
  if (reason.kind === 'large') {
    // Signed as everywhere on the page; the threshold is a size, the same for credits and charges.
    const total = formatChargeAmount(reason.totalGrossCent, typeOfTransaction, locale);
    const threshold = formatCents(reason.confirmFromCent, locale);
    return plural(reason.executions, {
      one: `This books ${total} gross. From ${threshold} on, credit or charge, the console asks for a confirmation.`,
      other: `This books ${total} gross in all (# executions). From ${threshold} on, credit or charge, the console asks for a confirmation.`,
    });
  }
  const date = formatDate(reason.dueDate);
  return reason.direction === 'ahead'
    ? t`The first due date, ${date}, is more than a year ahead.`
    : t`The first due date, ${date}, is more than a year in the past.`;
}

/**
 * Before money moves: a booking that is large or far from today is named and confirmed explicitly, so a
 * slip (1.000.000,00 € for 1.000,00 €, 2062 for 2026) never books unnoticed. It refuses nothing.
 */
export function PlausibilityCheck({
  reasons,
  typeOfTransaction,
  locale,
  confirmed,
  onConfirm,
  problem,
}: {
  reasons: readonly PlausibilityReason[];
  typeOfTransaction: string;
  locale: string;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  problem: boolean;
}) {
  const id = useId();
  if (reasons.length === 0) return null;
  return (
    <div className="notice plausibility-check" data-testid="plausibility-check">
      <p>
        <strong>{t`Check before booking`}</strong>
      </p>
      <ul>
        {reasons.map((reason) => (
          <li key={reason.kind}>{reasonText(reason, typeOfTransaction, locale)}</li>
        ))}
      </ul>
      <div className="field field--checkbox">
        <span className="checkbox-line">
          <input
            id={id}
            type="checkbox"
            name="confirm_plausibility"
            checked={confirmed}
            aria-invalid={problem || undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
            onChange={(event) => onConfirm(event.target.checked)}
          />
          <label htmlFor={id}>{t`I have checked the amount and the dates: book it.`}</label>
        </span>
      </div>
      {problem && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {t`Confirm the amount and the dates before booking.`}
        </p>
      )}
    </div>
  );
}
