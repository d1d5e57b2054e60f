// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Approval } from '../../../contract/approvals.ts';
import { testI18n } from '../../i18n/testing.ts';
import { messages as approvalsEnglish } from './locales/en.po';
import { pendingCharge } from '../../testing/pending-charge.ts';
import { WindowBookings } from './window-bookings.tsx';

i18n.load('en', approvalsEnglish);
afterEach(cleanup);

const renderBookings = (approval: Approval) =>
  render(
    <I18nProvider i18n={testI18n('en')}>
      <WindowBookings approval={approval} locale="en-US" />
    </I18nProvider>,
  );

describe('the bookings that made up an approval’s sum', () => {
  it('shows nothing for a request that reached the threshold alone', () => {
    renderBookings(pendingCharge());
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists each booking sent without approval with who sent it, charge or credit, whether it is booked, and their sum', () => {
    renderBookings(
      pendingCharge({
        total_gross_cent: 50_000,
        window_bookings: [
          {
            input_id: 'split-2',
            gross_cent: 40_000,
            recorded_at: '2026-11-27T10:00:00Z',
            recorded_by: 'olga',
            source: 'bulk',
            upstream_status: null,
            type_of_transaction: 'credit',
          },
          {
            input_id: 'split-1',
            gross_cent: 30_000,
            recorded_at: '2026-11-26T10:00:00Z',
            recorded_by: 'olga',
            source: 'single',
            upstream_status: 201,
            type_of_transaction: 'charge',
          },
        ],
      }),
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(
        /split-2.*olga.*bulk campaign.*Credit.*-€400\.00.*no final answer: may be booked/,
      ),
      expect.stringMatching(/split-1.*olga.*single booking.*Charge.*€300\.00.*booked/),
    ]);
    // A credit moves money as a charge does: the sum is of both.
    expect(screen.getByText(/count alike: €700\.00 gross moved/)).toBeTruthy();
  });
});
