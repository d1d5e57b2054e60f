// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvalRequestSchema, approvalSchema, type Approval } from '../../../contract/approvals.ts';
import { formatDate } from '../../lib/format.ts';
import { consoleBff } from '../../testing/console-bff.ts';
import { pendingCharge } from '../../testing/pending-charge.ts';
import type { FakeBff } from '../../testing/fake-bff.ts';
import { renderConsoleAt } from '../../testing/render-console.tsx';

/*
 * The charges page as an operator meets it, against a fake BFF whose answers the contract's schemas read (so it
 * cannot answer what the real one could not). What the page decides alone — refusals before sending, the
 * confirmation of a far date, a booking turned into a request for approval, the platform's refusal put on its
 * field — is tested here; the flows through the real BFF and sandbox stay in e2e/charges-and-resources.spec.ts.
 */

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

function type(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The console as the charges page meets it: its contract fields ask whether the platform knows the pair. */
function chargesBff(): FakeBff {
  return consoleBff().platform('producers_contracts_feed_list', () => ({
    status: 200,
    body: { count: 0, next: null, previous: null, results: [] },
  }));
}

async function openCharges(bff: FakeBff) {
  await renderConsoleAt('/producers/charges?user=P1000&contract=C1000', bff);
  await screen.findByRole('heading', { level: 1, name: 'Book charges and credits' });
  await waitFor(() => expect(field('contract_id').value).toBe('C1000'));
}

async function book(name = 'Book') {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the charges page', () => {
  it('applies the 2020 VAT rates to due dates in 2020-07..12, and the reduced ones when chosen', async () => {
    const bff = chargesBff();
    await openCharges(bff);
    type('amount_cent', '116.00');
    type('due_date', '2020-06-30');
    type('no_of_executions', '2');
    type('execution_cycle', 'month');
    const rows = await waitFor(() => {
      const found = within(screen.getByTestId('schedule-preview')).getAllByRole('row').slice(1);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(rows[0]!.textContent).toContain('19 %');
    expect(rows[1]!.textContent).toContain('Jul 30, 2020');
    expect(rows[1]!.textContent).toContain('16 %');
    expect(rows[1]!.textContent).toContain('€100.00');
    type('vat_type', 'reduced');
    await waitFor(() =>
      expect(within(screen.getByTestId('schedule-preview')).getAllByRole('row')[2]!.textContent).toContain(
        '5 %',
      ),
    );
    bff.assertAllHandled();
  });

  it('refuses a recurring booking without a cycle on its field and sends nothing', async () => {
    const bff = chargesBff();
    await openCharges(bff);
    type('amount_cent', '12.50');
    type('due_date', inDays(10));
    type('no_of_executions', '3');
    type('display_name', 'Loyalty bonus');
    await book();
    expect(
      await screen.findByText('This field is required when no_of_executions is greater than 1.'),
    ).toBeTruthy();
    expect(bff.sent('POST', /charges_and_credits/)).toEqual([]);
    bff.assertAllHandled();
  });

  it('puts the platform’s refusal of the input ID on its field and keeps everything typed', async () => {
    const bff = chargesBff().platform('producers_contracts_charges_and_credits_create', () => ({
      status: 400,
      body: { input_id: ['A charge or credit with this input_id already exists for this contract.'] },
    }));
    await openCharges(bff);
    type('amount_cent', '5');
    type('due_date', inDays(10));
    type('input_id', 'e2e-bonus');
    type('display_name', 'Second try');
    await book();
    const error = await waitFor(() => {
      const shown = document.getElementById('field-input_id-error');
      expect(shown).not.toBeNull();
      return shown!;
    });
    expect(error.textContent).toBe('A charge or credit with this input_id already exists for this contract.');
    expect(field('display_name').value).toBe('Second try');
    expect(field('amount_cent').value).toBe('5');
    const [sent] = bff.sent('POST', /charges_and_credits/);
    expect(sent!.params).toEqual({ userID: 'P1000', contractID: 'C1000' });
    expect(sent!.body).toMatchObject({ input_id: 'e2e-bonus', amount_cent: 500, display_name: 'Second try' });
    bff.assertAllHandled();
  });

  it('sends a booking at the approval threshold for approval, not to the platform, once its far date is confirmed; a changed date asks again', async () => {
    const requests: unknown[] = [];
    const bff = chargesBff().own('POST', '/bff/approvals', approvalSchema, (request) => {
      requests.push(approvalRequestSchema.parse(request.body));
      return { status: 201, body: pendingApproval(approvalRequestSchema.parse(request.body)) };
    });
    await openCharges(bff);
    type('type_of_transaction', 'credit');
    type('amount_cent', '1000000.00');
    type('due_date', inDays(730));
    type('input_id', 'million');
    type('display_name', 'Typo bonus');
    expect((await screen.findByTestId('approval-notice')).textContent).toContain(
      "This booking needs a second person's approval: it will be sent for approval, not booked.",
    );
    expect(screen.getByTestId('plausibility-check').textContent).toContain(
      `The first due date, ${formatDate(inDays(730))}, is more than a year ahead.`,
    );
    await book('Send for approval');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContainEqual(
        expect.stringContaining('Confirm the amount and the dates'),
      ),
    );
    expect(document.activeElement).toBe(field('confirm_plausibility'));
    expect(requests).toEqual([]);

    fireEvent.click(field('confirm_plausibility'));
    type('due_date', inDays(1095));
    await waitFor(() => expect(field('confirm_plausibility').checked).toBe(false));
    fireEvent.click(field('confirm_plausibility'));
    await book('Send for approval');
    expect(await screen.findByRole('heading', { name: 'Sent for approval' })).toBeTruthy();
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
        body: expect.objectContaining({
          input_id: 'million',
          amount_cent: 100_000_000,
          due_date: inDays(1095),
        }),
      },
    ]);
    expect(bff.sent('POST', /charges_and_credits/)).toEqual([]);
    bff.assertAllHandled();
  });

  it('turns a booking the BFF holds back (the contract’s recent bookings reach the threshold) into a request for approval', async () => {
    const bff = chargesBff()
      .platform('producers_contracts_charges_and_credits_create', () => ({
        status: 428,
        body: { detail: 'Approval required.' },
      }))
      .own('POST', '/bff/approvals', approvalSchema, (request) => ({
        status: 201,
        body: pendingApproval(approvalRequestSchema.parse(request.body)),
      }));
    await openCharges(bff);
    type('amount_cent', '999.99');
    type('due_date', inDays(10));
    type('input_id', 'split-3');
    type('display_name', 'Third part');
    await book();
    expect(
      (await screen.findByText(/together with this contract’s other bookings sent without approval recently/))
        .textContent,
    ).toBeTruthy();
    expect(field('display_name').value).toBe('Third part');
    await book('Send for approval');
    expect(await screen.findByRole('heading', { name: 'Sent for approval' })).toBeTruthy();
    expect(bff.sent('POST', /charges_and_credits/)).toHaveLength(1);
    expect(bff.sent('POST', /^\/bff\/approvals$/)).toHaveLength(1);
    bff.assertAllHandled();
  });
});

/** The BFF's answer to a new request: pending, as asked. */
function pendingApproval(asked: { path: string; body: Record<string, unknown> }): Approval {
  return pendingCharge({
    path: asked.path,
    body_text: JSON.stringify(asked.body),
    input_id: String(asked.body.input_id),
    type_of_transaction: asked.body.type_of_transaction === 'credit' ? 'credit' : 'charge',
    total_gross_cent: Number(asked.body.amount_cent),
    cannot_approve_reason: 'own_request',
  });
}
