// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Approval } from '../../../contract/approvals.ts';
import { i18n } from '@lingui/core';
import { testI18n } from '../../i18n/testing.ts';
import { messages as approvalsEnglish } from './locales/en.po';
import { ApprovalOutcome } from './approval-outcome.tsx';
import { approvalStatusWord, approvalSubject } from './approval-text.ts';
import { pendingCharge } from '../../testing/pending-charge.ts';

// The feature's own catalogue, as its route loads it (the global instance speaks English in tests).
i18n.load('en', approvalsEnglish);
afterEach(cleanup);

const renderOutcome = (approval: Approval) =>
  render(
    <I18nProvider i18n={testI18n('en')}>
      <ApprovalOutcome approval={approval} locale="en-US" />
    </I18nProvider>,
  );

const decided = { decided_by: 'bert', decided_by_display_name: null, decided_at: '2025-06-16T09:00:00Z' };

describe('what came of an approval request', () => {
  it('says nothing yet while it is pending', () => {
    renderOutcome(pendingCharge());
    expect(screen.queryByTestId('approval-outcome')).toBeNull();
  });

  it('shows the platform’s records of a booked request: internal IDs and due dates', () => {
    const record = {
      input_id: 'fee-1',
      type_of_transaction: 'charge',
      amount_cent: 150_000,
      is_gross: true,
      vat_type: 'normal',
      due_date: '2025-07-01',
      display_name: 'Connection fee',
      category: '',
      explanation_text: '',
      bookkeeping_account: '',
      internal_id: 'fee-1__1',
      contract_id: 'C1000',
      salespartner: 'SP1',
    };
    renderOutcome(
      pendingCharge({
        ...decided,
        status: 'approved',
        outcome: 'booked',
        upstream_status: 201,
        upstream_body: { contract_id: 'C1000', bonus_created: [{ 'fee-1__1': record }] },
      }),
    );
    const outcome = screen.getByTestId('approval-outcome');
    expect(within(outcome).getByRole('heading').textContent).toBe('Booked');
    const cells = within(screen.getByTestId('booked-records'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toContain('fee-1__1');
    expect(cells).toContain('Jul 1, 2025');
    expect(cells).toContain('€1,500.00');
  });

  it('says a booking the platform refused was not booked, in the platform’s words', () => {
    renderOutcome(
      pendingCharge({
        ...decided,
        status: 'approved',
        outcome: 'refused',
        upstream_status: 400,
        upstream_body: { input_id: ['bonus with this input id already exists.'] },
      }),
    );
    const outcome = screen.getByTestId('approval-outcome');
    expect(outcome.textContent).toContain('Refused by the platform: nothing was booked');
    expect(outcome.textContent).toContain('input_id: bonus with this input id already exists.');
  });

  it('names who rejected it and why', () => {
    renderOutcome(pendingCharge({ ...decided, status: 'rejected', reason: 'Wrong contract.' }));
    expect(screen.getByTestId('approval-outcome').textContent).toBe(
      'Rejected: nothing was booked' + 'bert gave this reason: Wrong contract.',
    );
  });

  it('says an approval whose answer was lost may be booked', () => {
    renderOutcome(pendingCharge({ ...decided, status: 'unknown' }));
    expect(screen.getByTestId('approval-outcome').textContent).toContain('it may be booked');
  });
});

describe('a request in one line', () => {
  it('says charge or credit in words, and the amount without a sign (never "a credit of minus")', () => {
    expect(approvalSubject(pendingCharge(), 'en-US')).toBe('Charge of €1,500.00 on P1000/C1000');
    expect(approvalSubject(pendingCharge({ type_of_transaction: 'credit' }), 'en-US')).toBe(
      'Credit of €1,500.00 on P1000/C1000',
    );
    expect(approvalSubject(pendingCharge({ type_of_transaction: 'credit' }), 'de-DE')).toMatch(
      /^Credit of 1\.500,00\s€ on P1000\/C1000$/,
    );
  });

  it('names a bulk campaign by its file and rows', () => {
    const campaign = { id: 'c1', file_name: 'june.csv', rows: 12, contracts: [], contract_count: 3 };
    expect(approvalSubject(pendingCharge({ kind: 'bulk_charges', campaign }), 'en-US')).toBe(
      'Bulk file june.csv, 12 rows',
    );
  });

  it('tells a booked approval from one the platform refused', () => {
    expect(approvalStatusWord({ status: 'approved', outcome: 'booked' })).toBe('approved and booked');
    expect(approvalStatusWord({ status: 'approved', outcome: 'refused' })).toBe(
      'approved, refused by the platform',
    );
  });
});
