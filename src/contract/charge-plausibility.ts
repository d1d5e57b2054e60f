import { addMonthsClamped, type IsoDate } from './calendar-date.ts';
import type { ChargeExecution } from './charge-schedule.ts';

/** `BFF_CONFIRM_FROM_CENT`'s default: a booking of 1,000.00 € gross or more is confirmed explicitly. */
export const DEFAULT_CONFIRM_FROM_CENT = 100_000;

export type PlausibilityReason =
  | { kind: 'large'; totalGrossCent: number; executions: number; confirmFromCent: number }
  | { kind: 'far'; dueDate: IsoDate; direction: 'ahead' | 'behind' };

/**
 * Why a booking needs an explicit confirmation before money moves: its gross total over all executions
 * is at or above the threshold, or its first due date lies more than a year ahead of or behind today.
 * Nothing is refused: a large or far booking may be right, it is only never made by a slip.
 */
export function plausibilityReasons(
  executions: readonly ChargeExecution[],
  limits: { confirmFromCent: number; today: IsoDate },
): PlausibilityReason[] {
  if (executions.length === 0) return [];
  const reasons: PlausibilityReason[] = [];
  const totalGrossCent = executions.reduce((sum, execution) => sum + execution.grossCent, 0);
  if (totalGrossCent >= limits.confirmFromCent)
    reasons.push({
      kind: 'large',
      totalGrossCent,
      executions: executions.length,
      confirmFromCent: limits.confirmFromCent,
    });
  const first = executions[0]!.due_date;
  if (first > addMonthsClamped(limits.today, 12))
    reasons.push({ kind: 'far', dueDate: first, direction: 'ahead' });
  else if (first < addMonthsClamped(limits.today, -12))
    reasons.push({ kind: 'far', dueDate: first, direction: 'behind' });
  return reasons;
}
