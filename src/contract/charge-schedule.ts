import { addMonthsClamped, type IsoDate } from './calendar-date.ts';
import { splitVat, type VatSplit, type VatType } from './money.ts';

export interface ChargeScheduleInput {
  input_id: string;
  amount_cent: number;
  is_gross: boolean;
  vat_type: VatType;
  due_date: IsoDate;
  no_of_executions?: number | undefined;
  execution_cycle?: 'month' | 'year' | undefined;
}

export interface ChargeExecution extends VatSplit {
  /** 1-based number of the execution. */
  n: number;
  internal_id: string;
  due_date: IsoDate;
}

/** `input_id + "__" + n`, n from 1 (spec 2.2). */
export function internalId(inputId: string, n: number): string {
  return `${inputId}__${n}`;
}

/**
 * Every execution of a charge or credit: due dates keep the first due date's day of month, clamped to
 * the month's end; each execution carries the VAT split at the rate valid on its own due date.
 */
export function chargeSchedule(input: ChargeScheduleInput): ChargeExecution[] {
  const count = input.no_of_executions ?? 1;
  const monthsPerStep = input.execution_cycle === 'year' ? 12 : 1;
  return Array.from({ length: count }, (_, index) => {
    const dueDate = index === 0 ? input.due_date : addMonthsClamped(input.due_date, index * monthsPerStep);
    return {
      n: index + 1,
      internal_id: internalId(input.input_id, index + 1),
      due_date: dueDate,
      ...splitVat(input.amount_cent, input.is_gross, input.vat_type, dueDate),
    };
  });
}

/** Gross, net and VAT of charges and credits summed by type and VAT rate (charges first, higher rates first). */
export interface ChargeTotal {
  type: 'charge' | 'credit';
  ratePercent: number;
  executions: number;
  netCent: number;
  vatCent: number;
  grossCent: number;
}

/** Every execution of every item, summed by type and VAT rate: the bulk dry run's totals and an approval's. */
export function sumChargeTotals(
  items: Iterable<{ type: 'charge' | 'credit'; executions: readonly VatSplit[] }>,
): ChargeTotal[] {
  const totals = new Map<string, ChargeTotal>();
  for (const { type, executions } of items)
    for (const execution of executions) {
      const key = `${type}:${execution.ratePercent}`;
      const total = totals.get(key) ?? {
        type,
        ratePercent: execution.ratePercent,
        executions: 0,
        netCent: 0,
        vatCent: 0,
        grossCent: 0,
      };
      total.executions += 1;
      total.netCent += execution.netCent;
      total.vatCent += execution.vatCent;
      total.grossCent += execution.grossCent;
      totals.set(key, total);
    }
  return [...totals.values()].sort((a, b) => a.type.localeCompare(b.type) || b.ratePercent - a.ratePercent);
}
