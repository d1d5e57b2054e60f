import type { IsoDate } from './calendar-date.ts';

export type VatType = 'normal' | 'reduced';

/**
 * German VAT rates in percent by period. 2020-07-01..2020-12-31: 16 % / 5 % (Zweites
 * Corona-Steuerhilfegesetz). The rate valid at the due date applies.
 */
const VAT_PERIODS: readonly { from: IsoDate; to: IsoDate; normal: number; reduced: number }[] = [
  { from: '2020-07-01', to: '2020-12-31', normal: 16, reduced: 5 },
];

export function vatRatePercent(vatType: VatType, dueDate: IsoDate): number {
  const period = VAT_PERIODS.find((p) => dueDate >= p.from && dueDate <= p.to);
  if (period) return period[vatType];
  return vatType === 'normal' ? 19 : 7;
}

export interface VatSplit {
  netCent: number;
  vatCent: number;
  grossCent: number;
  ratePercent: number;
}

/**
 * Splits an amount into net, VAT and gross cents at the rate valid on the due date. VAT is rounded
 * half away from zero to whole cents (commercial rounding), computed in integers to avoid float drift.
 */
export function splitVat(amountCent: number, isGross: boolean, vatType: VatType, dueDate: IsoDate): VatSplit {
  const ratePercent = vatRatePercent(vatType, dueDate);
  if (isGross) {
    const netCent = roundHalfUp((amountCent * 100) / (100 + ratePercent));
    return { netCent, vatCent: amountCent - netCent, grossCent: amountCent, ratePercent };
  }
  const vatCent = roundHalfUp((amountCent * ratePercent) / 100);
  return { netCent: amountCent, vatCent, grossCent: amountCent + vatCent, ratePercent };
}

function roundHalfUp(value: number): number {
  // Epsilon guards against 12.5 being represented as 12.4999999.
  return Math.floor(value + 0.5 + 1e-9);
}
