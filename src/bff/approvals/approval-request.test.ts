import { describe, expect, it } from 'vitest';
import { chargeRequestTotals } from '../../contract/approvals.ts';
import { sumChargeTotals } from '../../contract/charge-schedule.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import { campaignTotals } from './approval-request.ts';

/** A campaign's rows: charges and credits over a few contracts, each recurring `executions` times. */
function campaignRows(count: number, executions: number) {
  return Array.from({ length: count }, (_, index) => ({
    row: index + 1,
    userId: 'P1000',
    contractId: `C${1000 + (index % 3)}`,
    status: index % 7 === 0 ? 'invalid' : 'pending',
    body: {
      ...exampleCharge,
      type_of_transaction: index % 2 === 0 ? 'charge' : 'credit',
      amount_cent: 100 + index,
      input_id: `totals-${index}`,
      no_of_executions: executions,
      execution_cycle: 'month',
    },
  }));
}

describe('campaignTotals', () => {
  it('totals the rows to send as one sum over all their executions would, per type and rate and per contract', async () => {
    const rows = campaignRows(120, 12);
    const sent = rows.filter((row) => row.status === 'pending').map((row) => chargeRequestTotals(row.body)!);
    const expected = sumChargeTotals(
      sent.map((charge) => ({ type: charge.charge.type_of_transaction, executions: charge.schedule })),
    );

    const totals = await campaignTotals(rows);

    expect(totals.totals).toEqual(expected);
    expect(totals.totalGrossCent).toBe(sent.reduce((sum, charge) => sum + charge.totalGrossCent, 0));
    expect(totals.byContract.reduce((sum, contract) => sum + contract.grossCent, 0)).toBe(
      totals.totalGrossCent,
    );
    expect(totals.byContract.map((contract) => contract.contractId).sort()).toEqual([
      'C1000',
      'C1001',
      'C1002',
    ]);
  });

  it('gives the event loop back while it totals a large campaign, so other requests are answered meanwhile', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('another request'));

    await campaignTotals(campaignRows(200, 60));
    order.push('totals done');

    expect(order).toEqual(['another request', 'totals done']);
  });
});
