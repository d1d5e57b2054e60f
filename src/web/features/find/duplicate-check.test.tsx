// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TechnicalResourceRequest } from '../../../contract/api/technical-resources.ts';
import type { Duplicate } from '../../../contract/records.ts';
import { renderInForm } from '../../components/form/testing/render-in-form.tsx';
import { FormSendGates } from '../../lib/send-gates.ts';
import type * as CheckDuplicatesModule from './api/check-duplicates.ts';
import { messages as findEnglish } from './locales/en.po';

// The check's answer is the test's to give; the rest (texts, headers, the gate) is the real code.
const checkDuplicates = vi.hoisted(() => vi.fn<() => Promise<Duplicate[]>>());
vi.mock('./api/check-duplicates.ts', async (original) => ({
  ...(await original<typeof CheckDuplicatesModule>()),
  checkDuplicates,
}));
// RecordLink navigates inside the app: no router here.
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => () => Promise.resolve() }));
const { TechnicalResourceDuplicates } = await import('./duplicate-check.tsx');

// The feature's own catalogue, as its route loads it.
i18n.load('en', findEnglish);
// A block, not an arrow's value: a function returned from beforeEach would run as its cleanup.
beforeEach(() => {
  checkDuplicates.mockReset();
});
afterEach(cleanup);

const resource: TechnicalResourceRequest = {
  contract_id: 'C1000',
  control_resource: 'C1137355923',
  technical_resource_id: 'D1137355922',
  market_location_feed: '51238696781',
  market_location_supply: '41373559241',
};
const earlier: Duplicate = {
  record_id: '17',
  reason: 'technical_resource_id',
  user_id: null,
  contract_id: 'C1000',
  technical_resource_id: 'D1137355922',
  recorded_at: '2026-11-23T10:00:00Z',
  recorded_by: 'olga',
  url: '/records/17',
};

/** The part in a form whose submit runs the gates, as the page's submit does; the sends are recorded. */
function renderCheck() {
  const gates = new FormSendGates<TechnicalResourceRequest>();
  const sent: Record<string, string>[] = [];
  const { form } = renderInForm(<TechnicalResourceDuplicates gates={gates} />, {
    defaultValues: resource,
    onSubmit: async () => {
      const permit = await gates.run(resource);
      if (permit) sent.push(permit.headers);
    },
  });
  const submit = () => fireEvent.submit(document.querySelector('form')!);
  return { form, sent, submit };
}

describe('the duplicate check before sending', () => {
  it('sends at once, without a header, when the console registered nothing like it', async () => {
    checkDuplicates.mockResolvedValue([]);
    const { sent, submit } = renderCheck();
    submit();
    await waitFor(() => expect(sent).toEqual([{}]));
    expect(screen.queryByTestId('duplicate-warning')).toBeNull();
  });

  it('holds the send back and says what was registered before, when and by whom, linked to its page', async () => {
    checkDuplicates.mockResolvedValue([earlier]);
    const { sent, submit } = renderCheck();
    submit();
    const warning = await screen.findByRole('region', {
      name: 'The console has registered this technical resource before',
    });
    expect(warning.textContent).toContain('D1137355922 was registered on Nov 23, 2026 by olga.');
    expect(screen.getByRole('link', { name: 'D1137355922' }).getAttribute('href')).toBe('/records/17');
    expect(sent).toEqual([]);
    await waitFor(() => expect(document.activeElement).toBe(warning));
  });

  it('sends on the deliberate second click, naming the records it was warned about', async () => {
    checkDuplicates.mockResolvedValue([earlier, { ...earlier, record_id: '23' }]);
    const { sent, submit } = renderCheck();
    submit();
    fireEvent.click(await screen.findByRole('button', { name: 'Register anyway' }));
    await waitFor(() => expect(sent).toEqual([{ 'x-duplicate-acknowledged': '17,23' }]));
    // Asked once: the second click sends what the warning was about, without asking again.
    expect(checkDuplicates).toHaveBeenCalledTimes(1);
  });

  it('never lets Enter in a field send the duplicate: the second button is no submit button', async () => {
    checkDuplicates.mockResolvedValue([earlier]);
    const { submit } = renderCheck();
    submit();
    const anyway = await screen.findByRole('button', { name: 'Register anyway' });
    // Enter in a text field clicks the form's first submit button (HTML's implicit submission).
    expect(anyway.getAttribute('type')).toBe('button');
    expect(document.querySelector('form')!.querySelector('[type="submit"]')).not.toBe(anyway);
  });

  it('asks again when the form is sent the usual way after the warning', async () => {
    checkDuplicates.mockResolvedValue([earlier]);
    const { sent, submit } = renderCheck();
    submit();
    await screen.findByTestId('duplicate-warning');
    submit();
    await waitFor(() => expect(checkDuplicates).toHaveBeenCalledTimes(2));
    expect(sent).toEqual([]);
  });

  it('says so when the check fails, and lets staff send without it (no header)', async () => {
    checkDuplicates.mockRejectedValue(new Error('Failed to fetch'));
    const { sent, submit } = renderCheck();
    submit();
    const warning = await screen.findByTestId('duplicate-warning');
    expect(warning.textContent).toContain(
      'The console could not check for earlier registrations of this technical resource (Failed to fetch).',
    );
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Register without the check' }));
    await waitFor(() => expect(sent).toEqual([{}]));
  });
});
