// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '../../i18n/testing.ts';
import { DELIVERY_START_CHECK } from '../../lib/live-checks.ts';
import { emptyMigrationForm, type MigrationFormValues } from './migration-form-values.ts';
import { PreviousSupplierSection } from './previous-supplier-section.tsx';
import { SupplyStartSection } from './supply-start-section.tsx';

afterEach(cleanup);

function Form({
  values,
  client,
  children,
}: {
  values: MigrationFormValues;
  client: QueryClient;
  children: ReactNode;
}) {
  const form = useForm<MigrationFormValues>({ defaultValues: values });
  return (
    <I18nProvider i18n={testI18n('en')}>
      <QueryClientProvider client={client}>
        <FormProvider {...form}>{children}</FormProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

/** The platform's verdict on a date for a change reason, known beforehand: no request leaves the test. */
function knownVerdicts(date: string, verdicts: Record<string, { status: number; body: unknown }>) {
  const client = new QueryClient();
  for (const [reason, answer] of Object.entries(verdicts))
    client.setQueryData(
      ['live-check', DELIVERY_START_CHECK.name, DELIVERY_START_CHECK.path, `${date}|private|${reason}`],
      answer,
    );
  return client;
}

describe('the supply start', () => {
  it('derives E01 or E03 when staff say nothing, and gives E02 when they say move-in / new installation', async () => {
    const client = knownVerdicts('2025-06-17', {
      E01: { status: 400, body: { detail: 'delivery start to this date is not possible' } },
      E02: { status: 200, body: null },
    });
    render(
      <Form values={{ ...emptyMigrationForm(), preferred_delivery_start: '2025-06-17' }} client={client}>
        <PreviousSupplierSection />
        <SupplyStartSection />
      </Form>,
    );
    const reason = screen.getByTestId('derived-change-reason');
    expect(reason.textContent).toBe('E01 – move in/out: no previous supplier is named');
    fireEvent.change(screen.getByLabelText('Previous provider'), { target: { value: 'Stadtwerke Nord' } });
    expect(reason.textContent).toBe('E03 – supplier switch: a previous supplier is named');
    fireEvent.change(screen.getByLabelText('Previous provider'), { target: { value: '' } });
    await waitFor(() =>
      expect(document.querySelector('#field-preferred_delivery_start-status')?.textContent).toBe(
        '✗ delivery start to this date is not possible',
      ),
    );

    fireEvent.click(screen.getByLabelText('Move-in / new installation (E02)'));
    expect(reason.textContent).toBe('E02 – move-in / new installation: stated by staff');
    // The live check asks again with E02, in view.
    await waitFor(() =>
      expect(document.querySelector('#field-preferred_delivery_start-status')?.textContent).toBe('✓ Valid'),
    );
    expect(screen.getByTestId('derived-customer-type').textContent).toContain('Private');
  });

  it('shows E02 when staff typed it into product_specifics, as the platform will read it', () => {
    render(
      <Form
        values={{ ...emptyMigrationForm(), product_specifics: '{"subscription_reason": "E02"}' }}
        client={new QueryClient()}
      >
        <SupplyStartSection />
      </Form>,
    );
    expect(screen.getByTestId('derived-change-reason').textContent).toBe(
      'E02 – move-in / new installation: stated by staff (from “Product specifics”)',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Move-in / new installation (E02)').checked).toBe(false);
  });
});

describe('the previous supplier', () => {
  it('shows the termination date, saying it is required, as soon as the former contract is terminated', () => {
    render(
      <Form values={emptyMigrationForm()} client={new QueryClient()}>
        <PreviousSupplierSection />
      </Form>,
    );
    expect(screen.queryByLabelText('Termination date')).toBeNull();
    fireEvent.click(screen.getByLabelText('The former contract is terminated'));
    const date = screen.getByLabelText('Termination date');
    expect(date.getAttribute('aria-describedby')).toBe(
      'field-former_supplier_contract_termination_date-hint',
    );
    expect(document.getElementById('field-former_supplier_contract_termination_date-hint')?.textContent).toBe(
      'Required, as the former contract is terminated: the day it ends',
    );
  });
});

describe('a supply start before the former contract ends', () => {
  const values = (start: string): MigrationFormValues => ({
    ...emptyMigrationForm(),
    preferred_delivery_start: start,
    former_supplier_contract_terminated: true,
    former_supplier_contract_termination_date: '2025-07-31',
  });

  it('is pointed out with both dates, as a warning that sends nothing', () => {
    render(
      <Form
        values={values('2025-07-01')}
        client={knownVerdicts('2025-07-01', {
          E01: { status: 200, body: null },
          E03: { status: 200, body: null },
        })}
      >
        <SupplyStartSection />
      </Form>,
    );
    expect(screen.getByTestId('start-before-termination').textContent).toMatch(
      /start on Tuesday, July 1, 2025, before the former contract ends on Thursday, July 31, 2025/,
    );
  });

  it('is not a question from the day the former contract ends, nor when it is not terminated', () => {
    const client = knownVerdicts('2025-07-31', {
      E01: { status: 200, body: null },
      E03: { status: 200, body: null },
    });
    render(
      <Form values={values('2025-07-31')} client={client}>
        <SupplyStartSection />
      </Form>,
    );
    expect(screen.queryByTestId('start-before-termination')).toBeNull();
    cleanup();
    render(
      <Form
        values={{ ...values('2025-07-01'), former_supplier_contract_terminated: false }}
        client={knownVerdicts('2025-07-01', {
          E01: { status: 200, body: null },
          E03: { status: 200, body: null },
        })}
      >
        <SupplyStartSection />
      </Form>,
    );
    expect(screen.queryByTestId('start-before-termination')).toBeNull();
  });
});
