import { plural, t } from '@lingui/core/macro';
import { useDeferredValue, useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { MAX_EXECUTIONS, needsExecutionCycle } from '../../../contract/api/charges.ts';
import { isIsoDate } from '../../../contract/calendar-date.ts';
import { chargeSchedule, type ChargeExecution } from '../../../contract/charge-schedule.ts';
import { plausibilityReasons } from '../../../contract/charge-plausibility.ts';
import { chargeGrossTotalCent, needsApproval } from '../../../contract/approvals.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { consoleMessage } from '../../lib/known-messages.ts';
import { formatChargeAmount, signConvention } from '../../lib/charge-amount.ts';
import { toChargeCandidate, type ChargeFormValues } from './charge-form-values.ts';
import { chargeFields } from './charge-text.ts';
import { PlausibilityCheck, plausibilityKey } from './plausibility-check.tsx';
import { ScheduleTable, type ScheduleProps } from '../../components/schedule-table.tsx';

type Preview = { rows: ChargeExecution[] } | { missing: string };

/** The schedule the platform will store, from the contract's own rules: computed here, no request. */
export function previewSchedule(values: ChargeFormValues, locale: string): Preview {
  const candidate = toChargeCandidate(values, locale);
  // Typed but unreadable: the field's own message says what is wrong (it shows under the field only on submit).
  if (typeof candidate.amount_cent === 'string')
    return { missing: consoleMessage(chargeFields(locale).amount_cent.unreadable!(candidate.amount_cent)) };
  if (typeof candidate.amount_cent !== 'number') return { missing: t`Enter the amount to see the schedule.` };
  if (typeof candidate.due_date !== 'string' || !isIsoDate(candidate.due_date))
    return { missing: t`Enter the due date to see the schedule.` };
  const executions = candidate.no_of_executions ?? 1;
  if (
    typeof executions !== 'number' ||
    !Number.isInteger(executions) ||
    executions < 1 ||
    executions > MAX_EXECUTIONS
  )
    return { missing: t`Enter a number of executions from 1 to ${MAX_EXECUTIONS} to see the schedule.` };
  if (needsExecutionCycle({ no_of_executions: executions, execution_cycle: candidate.execution_cycle }))
    return { missing: t`Choose a cycle: the amount is executed ${executions} times.` };
  return {
    rows: chargeSchedule({
      input_id: String(candidate.input_id ?? ''),
      amount_cent: candidate.amount_cent,
      is_gross: candidate.is_gross !== false,
      vat_type: candidate.vat_type === 'reduced' ? 'reduced' : 'normal',
      due_date: candidate.due_date,
      no_of_executions: executions,
      execution_cycle:
        candidate.execution_cycle === 'month' || candidate.execution_cycle === 'year'
          ? candidate.execution_cycle
          : undefined,
    }),
  };
}

/** The fields the schedule is computed from: the preview re-renders when one of them changes, not others. */
const SCHEDULE_FIELDS = [
  'type_of_transaction',
  'amount_cent',
  'is_gross',
  'vat_type',
  'due_date',
  'no_of_executions',
  'execution_cycle',
  'input_id',
  'display_name',
] as const;

export function ChargePreview({
  locale,
  plausibility,
  approval,
}: {
  locale: string;
  /** The booking's plausibility: what is asked, and whether it was confirmed. */
  plausibility: {
    limits: { confirmFromCent: number; today: string };
    confirmedKey: string | null;
    onConfirm: (key: string | null) => void;
    problem: boolean;
  };
  /** BFF_APPROVAL_FROM_CENT (null: off), and who hears whether this booking goes for approval. */
  approval: { fromCent: number | null; onChange: (needed: boolean) => void };
}) {
  const watched = useWatch<ChargeFormValues, typeof SCHEDULE_FIELDS>({ name: SCHEDULE_FIELDS });
  const [type, amount, isGross, vatType, dueDate, executions, cycle, inputId, displayName] = watched;
  const preview = useMemo(
    () =>
      previewSchedule(
        {
          type_of_transaction: type,
          amount_cent: amount,
          is_gross: isGross,
          vat_type: vatType,
          due_date: dueDate,
          no_of_executions: executions,
          execution_cycle: cycle,
          input_id: inputId,
          user_id: '',
          contract_id: '',
          category: '',
          display_name: '',
          explanation_text: '',
          bookkeeping_account: '',
        },
        locale,
      ),
    [type, amount, isGross, vatType, dueDate, executions, cycle, inputId, locale],
  );
  const rows = 'rows' in preview ? preview.rows : NO_ROWS;
  // The totals, the invoice line and the plausibility check follow each keystroke at once; the long table
  // renders from a deferred copy, which React may interrupt for the next keystroke.
  const deferredRows = useDeferredValue(rows);
  const viaApproval = needsApproval(chargeGrossTotalCent(rows), approval.fromCent);
  const { onChange: onApprovalChange } = approval;
  useEffect(() => onApprovalChange(viaApproval), [onApprovalChange, viaApproval]);
  const reasons = useMemo(
    () => bookingReasons(plausibilityReasons(rows, plausibility.limits), viaApproval),
    [rows, plausibility.limits, viaApproval],
  );
  const key = plausibilityKey(reasons, type);
  const isCredit = type === 'credit';
  return (
    <section className="card" aria-labelledby="preview-heading">
      <h2 id="preview-heading">{t`Schedule preview`}</h2>
      <p className="hint">
        {isCredit
          ? t`What the platform will store: one credit per execution, each at the VAT rate valid on its due date.`
          : t`What the platform will store: one charge per execution, each at the VAT rate valid on its due date.`}{' '}
        <span data-testid="sign-convention">{signConvention()}</span>
      </p>
      {'missing' in preview ? (
        <p className="empty" data-testid="preview-missing">
          {preview.missing}
        </p>
      ) : (
        <>
          <p className="invoice-line" data-testid="invoice-line">
            <span>{displayName.trim() || t`(display name)`}</span>
            <span className="invoice-line__amount">
              {formatChargeAmount(rows[0]!.grossCent, type, locale)}
            </span>
          </p>
          <ScheduleTotals rows={rows} typeOfTransaction={type} locale={locale} />
          {/* The keystroke that turns the prompt into a schedule paints the totals first, the table a frame later. */}
          {deferredRows.length > 0 && (
            <ScheduleTable rows={deferredRows} typeOfTransaction={type} locale={locale} />
          )}
          {viaApproval && approval.fromCent !== null && (
            <ApprovalNotice fromCent={approval.fromCent} locale={locale} />
          )}
          <PlausibilityCheck
            reasons={reasons}
            typeOfTransaction={type}
            locale={locale}
            confirmed={plausibility.confirmedKey === key}
            onConfirm={(confirmed) => plausibility.onConfirm(confirmed ? key : null)}
            problem={plausibility.problem}
          />
        </>
      )}
    </section>
  );
}

const NO_ROWS: readonly ChargeExecution[] = [];

/**
 * What the plausibility check asks about: a booking that goes for approval is not confirmed for its size
 * (the second person is that check), only for a due date far from today.
 */
export function bookingReasons<Reason extends { kind: string }>(
  reasons: Reason[],
  viaApproval: boolean,
): Reason[] {
  return viaApproval ? reasons.filter((reason) => reason.kind !== 'large') : reasons;
}

/** Before sending: this booking goes to a second person, not to the platform. */
function ApprovalNotice({ fromCent, locale }: { fromCent: number; locale: string }) {
  const threshold = formatCents(fromCent, locale);
  return (
    <div className="notice" role="status" data-testid="approval-notice">
      <p>
        <strong>{t`This booking needs a second person's approval: it will be sent for approval, not booked.`}</strong>
      </p>
      <p>{t`Charges and credits of ${threshold} gross or more are booked only when a second person approves them.`}</p>
    </div>
  );
}

/** What the booking adds up to over all executions, ahead of the table and never behind the keystroke. */
function ScheduleTotals({ rows, typeOfTransaction, locale }: ScheduleProps) {
  const money = (cents: number) => formatChargeAmount(cents, typeOfTransaction, locale);
  const sum = (part: (row: ChargeExecution) => number) => rows.reduce((total, row) => total + part(row), 0);
  return (
    <div className="schedule-totals" data-testid="preview-totals">
      <p className="schedule-totals__title">
        {plural(rows.length, { one: 'Total of # execution', other: 'Total of # executions' })}
      </p>
      <dl>
        <div>
          <dt>{t`Net`}</dt>
          <dd>{money(sum((row) => row.netCent))}</dd>
        </div>
        <div>
          <dt>{t`VAT`}</dt>
          <dd>{money(sum((row) => row.vatCent))}</dd>
        </div>
        <div>
          <dt>{t`Gross`}</dt>
          <dd>{money(sum((row) => row.grossCent))}</dd>
        </div>
      </dl>
    </div>
  );
}
