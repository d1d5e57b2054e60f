// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../i18n/testing.ts';
import type { SearchResult } from '../../../contract/records.ts';
import type { ContractPair } from '../../lib/form-slots.ts';
import { FormSendGates } from '../../lib/send-gates.ts';
import type { ContractVerdict } from './contract-check.ts';
import { messages as findEnglish } from './locales/en.po';

// What the console and the platform say of a pair, and what the search finds, is the test's to give.
const verdicts = vi.hoisted(() => new Map<string, ContractVerdict>());
const found = vi.hoisted(() => new Map<string, SearchResult[]>());
vi.mock('./api/check-contract.ts', () => ({
  contractCheckOptions: (userId: string, contractId: string) =>
    queryOptions({
      queryKey: ['contract-check', userId, contractId],
      queryFn: () => Promise.resolve(verdicts.get(`${userId}/${contractId}`) ?? { kind: 'unchecked' }),
      retry: false,
    }),
}));
vi.mock('./api/search-records.ts', () => ({
  searchQueryOptions: (text: string) =>
    queryOptions({
      queryKey: ['records-search', text],
      queryFn: () => Promise.resolve(found.get(text) ?? []),
    }),
}));
const { ContractFields } = await import('./contract-fields.tsx');

i18n.load('en', findEnglish);
afterEach(() => {
  cleanup();
  verdicts.clear();
  found.clear();
});

function renderFields(values: ContractPair) {
  const gates = new FormSendGates<ContractPair>();
  const sent: ContractPair[] = [];
  function Harness() {
    const form = useForm<ContractPair>({ defaultValues: values });
    return (
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(event) =>
            void form.handleSubmit(async (submission) => {
              if (await gates.run(submission)) sent.push(submission);
            })(event)
          }
        >
          <ContractFields gates={gates} />
        </form>
      </FormProvider>
    );
  }
  render(
    <I18nProvider i18n={testI18n('en')}>
      <QueryClientProvider client={new QueryClient()}>
        <Harness />
      </QueryClientProvider>
    </I18nProvider>,
  );
  const submit = () => fireEvent.submit(document.querySelector('form')!);
  return { sent, submit };
}

describe('the user and contract ID fields', () => {
  it('keep their API names and stay free text fields with suggestions (comboboxes)', () => {
    renderFields({ user_id: '', contract_id: '' });
    expect(screen.getByRole('combobox', { name: 'User ID' }).getAttribute('name')).toBe('user_id');
    expect(screen.getByRole('combobox', { name: 'Contract ID' }).getAttribute('name')).toBe('contract_id');
  });

  it('suggest the contracts the console knows as staff type; choosing one fills both IDs', async () => {
    found.set('P10', [
      {
        kind: 'contract',
        title: 'P1000 · C1000 · Sonnendach GmbH',
        subtitle: '3 bookings',
        url: '/producers/P1000/contracts/C1000',
      },
    ]);
    renderFields({ user_id: '', contract_id: '' });
    const user = screen.getByRole('combobox', { name: 'User ID' });
    fireEvent.change(user, { target: { value: 'P10' } });
    const option = await screen.findByRole('option', { name: /P1000 · C1000 · Sonnendach GmbH/ });
    fireEvent.click(option);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'User ID' }).value).toBe('P1000');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Contract ID' }).value).toBe('C1000');
  });

  it('keep free typing: an ID the console never saw stays as typed', async () => {
    renderFields({ user_id: '', contract_id: '' });
    const contract = screen.getByRole<HTMLInputElement>('combobox', { name: 'Contract ID' });
    fireEvent.change(contract, { target: { value: 'C-NEW-7' } });
    fireEvent.blur(contract);
    await waitFor(() => expect(contract.value).toBe('C-NEW-7'));
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('show the producer’s name for a pair the console knows', async () => {
    verdicts.set('P1000/C1000', {
      kind: 'known',
      contract: { userId: 'P1000', contractId: 'C1000', name: 'Sonnendach GmbH', title: '', subtitle: '' },
    });
    renderFields({ user_id: 'P1000', contract_id: 'C1000' });
    expect((await screen.findByTestId('contract-producer')).textContent).toBe(
      'Producer: P1000 · Sonnendach GmbH',
    );
  });

  it('warn of a pair the platform does not know, and send it only once confirmed deliberately', async () => {
    verdicts.set('P1000/C1OOO', { kind: 'unknown' });
    const { sent, submit } = renderFields({ user_id: 'P1000', contract_id: 'C1OOO' });
    expect((await screen.findByTestId('contract-unknown')).textContent).toBe(
      'The platform does not know contract C1OOO of P1000 — check the IDs.',
    );
    submit();
    await screen.findByText('Check the IDs, or confirm them here before sending.');
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByLabelText('The IDs are right: send to contract C1OOO of P1000 anyway.'));
    submit();
    await waitFor(() => expect(sent).toEqual([{ user_id: 'P1000', contract_id: 'C1OOO' }]));
  });

  it('send a pair the platform knows, or could not say anything of, without asking', async () => {
    verdicts.set('P1000/C1000', { kind: 'exists' });
    const { sent, submit } = renderFields({ user_id: 'P1000', contract_id: 'C1000' });
    submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByTestId('contract-unknown')).toBeNull();
  });
});
