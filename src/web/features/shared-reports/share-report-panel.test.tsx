// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createdSharedReportSchema, createSharedReportSchema } from '../../../contract/shared-reports.ts';
import { consoleBff, OPERATOR } from '../../testing/console-bff.ts';
import { messages } from './locales/en.po';
import { ShareReportPanel } from './share-report-panel.tsx';

// The panel reads who is signed in from the console route's context; here, the operator.
vi.mock('../../lib/session/use-current-user.ts', () => ({ useCurrentUser: () => OPERATOR }));

const TOKEN = 'a'.repeat(43);
const REPORT = {
  user: 'P1000',
  contract: 'C1000',
  from: '2025-08-10',
  to: '2025-08-14',
  agg: 'day',
  tz: 'UTC',
  view: 'chart',
  compare: 'year',
} as const;

// The panel's words are a catalogue of their own, which its routes load; here, the test does.
i18n.load('en', messages);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('shares the report as given, until the end of the chosen day, and shows the link once', async () => {
  const bff = consoleBff().own('POST', '/bff/shared-reports', createdSharedReportSchema, (request) => {
    createSharedReportSchema.parse(request.body);
    return { status: 201, body: { id: '8', url: `/shared/${TOKEN}`, expires_at: '2027-01-31T00:00:00Z' } };
  });
  vi.stubGlobal('fetch', bff.fetch);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <ShareReportPanel report={REPORT} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Share outside the console' }));
  // The form's code loads as the panel opens.
  fireEvent.change(await screen.findByLabelText('Works until'), { target: { value: '2020-01-01' } });
  fireEvent.change(screen.getByLabelText('For whom (optional)'), { target: { value: 'community board' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create the link' }));
  });
  expect(await screen.findByText('Choose a day from tomorrow to a year from today.')).toBeTruthy();
  expect(bff.sent('POST', /^\/bff\/shared-reports$/)).toHaveLength(0);

  const day = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  fireEvent.change(screen.getByLabelText('Works until'), { target: { value: day } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create the link' }));
  });
  const shown = await screen.findByLabelText<HTMLInputElement>('The link');
  expect(shown.value).toBe(`${window.location.origin}/shared/${TOKEN}`);
  const [sent] = bff.sent('POST', /^\/bff\/shared-reports$/);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  expect(sent?.body).toEqual({ ...REPORT, expires_at: `${next}T00:00:00Z`, note: 'community board' });
  bff.assertAllHandled();
});
