// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { contractRecordsSchema } from '../../../contract/records.ts';
import { sharedReportListSchema, type SharedReport } from '../../../contract/shared-reports.ts';
import type { SessionUser } from '../../../contract/bff-api.ts';
import { consoleBff } from '../../testing/console-bff.ts';
import { renderConsoleAt } from '../../testing/render-console.tsx';

const VIEWER: SessionUser = { username: 'victor', role: 'viewer', environment: 'sandbox' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link = (id: string, note: string): SharedReport => ({
  id,
  user: 'P1000',
  contract: 'C1000',
  from: '2025-08-10',
  to: '2025-08-14',
  agg: 'day',
  tz: 'Europe/Berlin',
  view: 'chart',
  compare: null,
  capacity_kw: null,
  note,
  created_by: 'olga',
  created_at: '2026-11-29T09:00:00Z',
  expires_at: '2026-12-29T09:00:00Z',
  revoked_at: null,
  open_count: 3,
  last_opened_at: '2026-11-29T10:00:00Z',
  state: 'active',
});

function contractBff(user?: SessionUser) {
  const links = [link('7', 'plant owner')];
  const bff = consoleBff(user)
    .own('GET', '/bff/records/contracts/P1000/C1000', contractRecordsSchema, () => ({
      status: 200,
      body: {
        user_id: 'P1000',
        contract_id: 'C1000',
        producer_name: null,
        bookings_count: 0,
        totals: [],
        bookings: [],
        technical_resources: [],
      },
    }))
    .own('GET', '/bff/shared-reports', sharedReportListSchema, () => ({ status: 200, body: links }))
    .own('DELETE', '/bff/shared-reports/:id', null, () => {
      links[0] = { ...links[0]!, state: 'revoked', revoked_at: '2026-11-29T11:00:00Z' };
      return { status: 204, body: undefined };
    });
  return bff;
}

it('lists a contract’s links on its page and revokes one in one click', async () => {
  const bff = contractBff();
  await renderConsoleAt('/producers/P1000/contracts/C1000', bff);
  const section = await screen.findByRole('region', { name: 'Shared report links' });
  const row = await within(section).findByRole('row', { name: /plant owner/ });
  expect(row.textContent).toContain('olga');
  expect(row.textContent).toContain('active');
  await act(async () => {
    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
  });
  await waitFor(() =>
    expect(within(section).getByRole('row', { name: /plant owner/ }).textContent).toContain('revoked'),
  );
  expect(bff.sent('DELETE', /^\/bff\/shared-reports\/7$/)).toHaveLength(1);
  expect(within(section).queryByRole('button', { name: 'Revoke' })).toBeNull();
  bff.assertAllHandled();
});

it('shows viewers the links without Revoke', async () => {
  await renderConsoleAt('/producers/P1000/contracts/C1000', contractBff(VIEWER));
  const section = await screen.findByRole('region', { name: 'Shared report links' });
  await within(section).findByRole('row', { name: /plant owner/ });
  expect(within(section).queryByRole('button', { name: 'Revoke' })).toBeNull();
});
