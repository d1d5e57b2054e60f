// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInForm } from '../../components/form/testing/render-in-form.tsx';
import { emptyChargeForm, type ChargeFormValues } from './charge-form-values.ts';
import { ChargePreview } from './charge-preview.tsx';
import { ALL_ROWS_UP_TO } from '../../components/schedule-table.tsx';

afterEach(cleanup);

const limits = { confirmFromCent: 100_000, today: '2025-06-16' };
const credit: ChargeFormValues = {
  ...emptyChargeForm({ user: 'P1000', contract: 'C1000' }),
  amount_cent: '25.50',
  due_date: '2025-07-31',
  input_id: 'bonus-1',
  display_name: 'Welcome bonus',
};

function renderPreview(
  values: Partial<ChargeFormValues>,
  confirmation: { confirmedKey: string | null; onConfirm: (key: string | null) => void } = {
    confirmedKey: null,
    onConfirm: () => undefined,
  },
  approval: { fromCent: number | null; onChange: (needed: boolean) => void } = {
    fromCent: null,
    onChange: () => undefined,
  },
) {
  return renderInForm(
    <ChargePreview
      locale="en-US"
      plausibility={{ limits, ...confirmation, problem: false }}
      approval={approval}
    />,
    { defaultValues: { ...credit, ...values } },
  );
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the schedule preview', () => {
  it('shows a credit as a negative amount everywhere, and says so once', () => {
    renderPreview({ no_of_executions: '2', execution_cycle: 'month' });
    expect(screen.getByTestId('invoice-line').textContent).toBe('Welcome bonus-€25.50');
    const totals = screen.getByTestId('preview-totals');
    expect(totals.textContent).toBe('Total of 2 executionsNet-€42.86VAT-€8.14Gross-€51.00');
    const rows = within(screen.getByTestId('schedule-preview')).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['1', 'Jul 31, 2025', '-€21.43', '-€4.07', '-€25.50', '19 %', 'bonus-1__1'],
      ['2', 'Aug 31, 2025', '-€21.43', '-€4.07', '-€25.50', '19 %', 'bonus-1__2'],
    ]);
    expect(screen.getAllByText(/shown as negative amounts/)).toHaveLength(1);
  });

  it('shows a charge as a positive amount', () => {
    renderPreview({ type_of_transaction: 'charge' });
    expect(screen.getByTestId('invoice-line').textContent).toBe('Welcome bonus€25.50');
    expect(screen.getByTestId('preview-totals').textContent).toContain('Gross€25.50');
  });

  it('signs the plausibility check’s total as the preview does', () => {
    renderPreview({ amount_cent: '1000000' });
    expect(screen.getByTestId('plausibility-check').textContent).toContain(
      'This books -€1,000,000.00 gross. From €1,000.00 on, credit or charge, the console asks for a confirmation.',
    );
  });

  it('asks again when a confirmed credit is turned into a charge of the same amount', () => {
    let confirmedKey: string | null = null;
    const confirmation = { confirmedKey, onConfirm: (key: string | null) => void (confirmedKey = key) };
    renderPreview({ amount_cent: '1000000' }, confirmation);
    screen.getByRole<HTMLInputElement>('checkbox', { name: /I have checked/ }).click();
    expect(confirmedKey).not.toBeNull();
    cleanup();
    renderPreview({ amount_cent: '1000000' }, { ...confirmation, confirmedKey });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /I have checked/ }).checked).toBe(true);
    cleanup();
    renderPreview(
      { amount_cent: '1000000', type_of_transaction: 'charge' },
      { ...confirmation, confirmedKey },
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /I have checked/ }).checked).toBe(false);
  });

  it('says what is wrong with an amount it cannot read, not to enter one', () => {
    renderPreview({ amount_cent: '12,3,4' });
    expect(screen.getByTestId('preview-missing').textContent).toBe(
      '"12,3,4" is ambiguous here: use "." for the decimals, e.g. 1,234.50.',
    );
    cleanup();
    renderPreview({ amount_cent: 'abc' });
    expect(screen.getByTestId('preview-missing').textContent).toBe('Enter digits only, e.g. 1,234.50.');
    cleanup();
    renderPreview({ amount_cent: '' });
    expect(screen.getByTestId('preview-missing').textContent).toBe('Enter the amount to see the schedule.');
  });

  it('renders every row of a short schedule, and far fewer than all of a long one', () => {
    renderPreview({ no_of_executions: String(ALL_ROWS_UP_TO), execution_cycle: 'month' });
    const table = () => screen.getByTestId('schedule-preview');
    expect(within(table()).getAllByRole('row')).toHaveLength(ALL_ROWS_UP_TO + 1);
    cleanup();
    renderPreview({ no_of_executions: '600', execution_cycle: 'month' });
    expect(table().getAttribute('aria-rowcount')).toBe('601');
    expect(within(table()).getAllByRole('row').length).toBeLessThan(60);
    // The totals are over all 600 executions, whatever the table shows.
    expect(screen.getByTestId('preview-totals').textContent).toContain('Gross-€15,300.00');
  });

  it('at the approval threshold says the booking goes for approval instead of asking to confirm its size', () => {
    let needed: boolean | null = null;
    renderPreview({ type_of_transaction: 'charge', amount_cent: '1500' }, undefined, {
      fromCent: 100_000,
      onChange: (value) => void (needed = value),
    });
    expect(needed).toBe(true);
    expect(screen.getByTestId('approval-notice').textContent).toBe(
      "This booking needs a second person's approval: it will be sent for approval, not booked." +
        'Charges and credits of €1,000.00 gross or more are booked only when a second person approves them.',
    );
    expect(screen.queryByTestId('plausibility-check')).toBeNull();
  });

  it('keeps asking about a far due date when the booking goes for approval', () => {
    renderPreview({ amount_cent: '1500', due_date: '2027-01-01' }, undefined, {
      fromCent: 100_000,
      onChange: () => undefined,
    });
    expect(screen.getByTestId('approval-notice')).toBeTruthy();
    const check = screen.getByTestId('plausibility-check').textContent;
    expect(check).toContain('The first due date, Jan 1, 2027, is more than a year ahead.');
    expect(check).not.toContain('asks for a confirmation');
  });

  it('below the threshold, or with approvals off, says nothing of approval', () => {
    let needed: boolean | null = null;
    renderPreview({ amount_cent: '999.99' }, undefined, {
      fromCent: 100_000,
      onChange: (value) => void (needed = value),
    });
    expect(needed).toBe(false);
    expect(screen.queryByTestId('approval-notice')).toBeNull();
    cleanup();
    renderPreview({ amount_cent: '1000000' });
    expect(screen.queryByTestId('approval-notice')).toBeNull();
    expect(screen.getByTestId('plausibility-check')).toBeTruthy();
  });
});
