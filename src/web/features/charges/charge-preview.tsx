import { t } from '@lingui/core/macro';
import { useWatch } from 'react-hook-form';
import { MAX_EXECUTIONS, needsExecutionCycle } from '../../../contract/api/charges.ts';
import { isIsoDate } from '../../../contract/calendar-date.ts';
import { chargeSchedule, type ChargeExecution } from '../../../contract/charge-schedule.ts';
import { plausibilityReasons } from '../../../contract/charge-plausibility.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { toChargeCandidate, type ChargeFormValues } from './charge-form-values.ts';
import { PlausibilityCheck, plausibilityKey } from './plausibility-check.tsx';

type Preview = { rows: ChargeExecution[] } | { missing: string };

/** The schedule the platform will store, from the contract's own rules: computed here, no request. */
export function previewSchedule(values: ChargeFormValues, locale: string): Preview {
  const candidate = toChargeCandidate(values, locale);
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

export function ChargePreview({
  locale,
  plausibility,
}: {
  locale: string;
  /** The booking's plausibility: what is asked, and whether it was confirmed. */
  plausibility: {
    limits: { confirmFromCent: number; today: string };
    confirmedKey: string | null;
    onConfirm: (key: string | null) => void;
    problem: boolean;
  };
}) {
  // Only what changes the schedule re-renders the preview: the other fields are blanked before the comparison.
  const values = useWatch<ChargeFormValues, ChargeFormValues, ChargeFormValues>({
    compute: (all) => ({
      ...all,
      user_id: '',
      contract_id: '',
      category: '',
      explanation_text: '',
      bookkeeping_account: '',
    }),
  });
  const preview = previewSchedule(values, locale);
  const money = (cents: number) => formatCents(cents, locale);
  const isCredit = values.type_of_transaction === 'credit';
  const count = 'rows' in preview ? preview.rows.length : 0;
  const reasons = 'rows' in preview ? plausibilityReasons(preview.rows, plausibility.limits) : [];
  const key = plausibilityKey(reasons);
  return (
    <section className="card" aria-labelledby="preview-heading">
      <h2 id="preview-heading">{t`Schedule preview`}</h2>
      <p className="hint">
        {isCredit
          ? t`What the platform will store: one credit per execution, each at the VAT rate valid on its due date.`
          : t`What the platform will store: one charge per execution, each at the VAT rate valid on its due date.`}
      </p>
      {'missing' in preview ? (
        <p className="empty" data-testid="preview-missing">
          {preview.missing}
        </p>
      ) : (
        <>
          <p className="invoice-line" data-testid="invoice-line">
            <span>{values.display_name.trim() || t`(display name)`}</span>
            <span>
              {isCredit ? '−' : ''}
              {money(preview.rows[0]!.grossCent)}
            </span>
          </p>
          <div className="table-scroll">
            <table className="table" data-testid="schedule-preview">
              <thead>
                <tr>
                  <th scope="col" className="numeric">
                    {t`No.`}
                  </th>
                  <th scope="col">{t`Due date`}</th>
                  <th scope="col">{t`Internal ID`}</th>
                  <th scope="col" className="numeric">
                    {t`VAT rate`}
                  </th>
                  <th scope="col" className="numeric">
                    {t`Net`}
                  </th>
                  <th scope="col" className="numeric">
                    {t`VAT`}
                  </th>
                  <th scope="col" className="numeric">
                    {t`Gross`}
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.n}>
                    <td className="numeric">{row.n}</td>
                    <td>{row.due_date}</td>
                    <td>{row.internal_id}</td>
                    <td className="numeric">{row.ratePercent} %</td>
                    <td className="numeric">{money(row.netCent)}</td>
                    <td className="numeric">{money(row.vatCent)}</td>
                    <td className="numeric">{money(row.grossCent)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td colSpan={4}>{t`Total of ${count}`}</td>
                  <td className="numeric">
                    {money(preview.rows.reduce((sum, row) => sum + row.netCent, 0))}
                  </td>
                  <td className="numeric">
                    {money(preview.rows.reduce((sum, row) => sum + row.vatCent, 0))}
                  </td>
                  <td className="numeric">
                    {money(preview.rows.reduce((sum, row) => sum + row.grossCent, 0))}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
          <PlausibilityCheck
            reasons={reasons}
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
