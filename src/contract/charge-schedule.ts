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
