import { t } from '@lingui/core/macro';
import { formatCents } from '../../contract/euro-amount.ts';

/**
 * The console's one sign convention for charges and credits (the charges page and the bulk dry run): a credit (money to the customer) is shown as a negative amount,
 * a charge as a positive one — in the invoice line, the preview's rows and totals, the plausibility check
 * and the booked records. Staff type the amount without a sign; the platform stores it without one too
 * (`amount_cent` ≥ 0 and `type_of_transaction`).
 */
export function signedCents(cents: number, typeOfTransaction: string): number {
  // Never "-0,00 €" for a credit of nothing.
  return typeOfTransaction === 'credit' && cents !== 0 ? -cents : cents;
}

/** An amount of a charge or credit as the page shows it: signed by the convention above. */
export function formatChargeAmount(cents: number, typeOfTransaction: string, locale: string): string {
  return formatCents(signedCents(cents, typeOfTransaction), locale);
}

/** Said once on each view that shows signed amounts. */
export const signConvention = () =>
  t`Credits are shown as negative amounts (money to the customer), charges as positive ones.`;

/** Credit or charge in words, where a record is read (the API's code stays in files and requests). */
export function transactionTypeWord(typeOfTransaction: string): string {
  if (typeOfTransaction === 'credit') return t`Credit`;
  if (typeOfTransaction === 'charge') return t`Charge`;
  return typeOfTransaction;
}

/** The VAT type in words: the rate itself depends on the due date (16 % and 5 % in 2020-07..12). */
export function vatTypeWord(vatType: string): string {
  if (vatType === 'normal') return t`standard rate`;
  if (vatType === 'reduced') return t`reduced rate`;
  return vatType;
}
