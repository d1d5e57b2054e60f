// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldsOfSection, MIGRATION_SECTIONS } from '../../../contract/consumer-migration-fields.ts';
import { testI18n } from '../../i18n/testing.ts';
import { emptyMigrationForm, type MigrationFormValues } from './migration-form-values.ts';
import { SECTION_CONTENT } from './migration-sections.ts';

/** Every condition met, so each section shows all it can (card and direct debit exclude each other). */
const everythingShown = (payment_method: string): MigrationFormValues => ({
  ...emptyMigrationForm(),
  is_business: true,
  keep_bill_address: false,
  order_smart_meter: true,
  is_htnt: true,
  former_supplier_contract_terminated: true,
  payment_method,
  contract_relationships: [{ target_contract_id: '', valid_from: '' }],
});

function Form({ values, children }: { values: MigrationFormValues; children: ReactNode }) {
  const form = useForm<MigrationFormValues>({ defaultValues: values });
  return <FormProvider {...form}>{children}</FormProvider>;
}

/** The fields a section's inputs are bound to, in the order they stand (a row's inputs by their list). */
function boundFields(values: MigrationFormValues, section: (typeof MIGRATION_SECTIONS)[number]): string[] {
  const Content = SECTION_CONTENT[section];
  const { container } = render(
    <I18nProvider i18n={testI18n('en')}>
      <QueryClientProvider client={new QueryClient()}>
        <Form values={values}>
          <Content />
        </Form>
      </QueryClientProvider>
    </I18nProvider>,
  );
  const names = [...container.querySelectorAll('input, select, textarea')].map(
    (element) => element.getAttribute('name')?.split('.')[0] ?? '',
  );
  cleanup();
  return names;
}

afterEach(cleanup);

describe('the sections of the migration form', () => {
  it('show the fields the table gives them, in its order', () => {
    for (const section of MIGRATION_SECTIONS) {
      const shown = [
        ...new Set([
          ...boundFields(everythingShown('direct_debit'), section),
          ...boundFields(everythingShown('credit_card'), section),
        ]),
      ];
      expect(shown, section).toEqual(fieldsOfSection(section));
    }
  });
});
