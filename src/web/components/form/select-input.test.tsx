// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '../../i18n/testing.ts';
import { SelectInput } from './inputs.tsx';

afterEach(cleanup);

const inEnglish = (node: ReactNode) => render(<I18nProvider i18n={testI18n('en')}>{node}</I18nProvider>);
const CYCLES = [
  { value: '', label: '(once)' },
  { value: 'month', label: 'monthly' },
  { value: 'year', label: 'yearly' },
] as const;

function CycleForm({ submitted }: { submitted: string[] }) {
  const form = useForm<{ execution_cycle: string }>({ defaultValues: { execution_cycle: 'month' } });
  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) =>
          void form.handleSubmit((values) => submitted.push(values.execution_cycle))(event)
        }
      >
        <SelectInput name="execution_cycle" label="Cycle" options={CYCLES} />
        <button type="submit">Book</button>
        <button
          type="button"
          onClick={() => form.setError('execution_cycle', { type: 'server', message: 'Choose a cycle.' })}
        >
          Refuse
        </button>
      </form>
    </FormProvider>
  );
}

function CyclePicker({ chosen }: { chosen: string[] }) {
  const [cycle, setCycle] = useState<(typeof CYCLES)[number]['value']>('');
  return (
    <SelectInput
      id="cycle-filter"
      label="Cycle"
      value={cycle}
      options={CYCLES}
      onChange={(value) => {
        chosen.push(value);
        setCycle(value);
      }}
    />
  );
}

describe('SelectInput', () => {
  it('bound by its field name: the form sends the chosen API value and shows a refusal on the field', async () => {
    const submitted: string[] = [];
    inEnglish(<CycleForm submitted={submitted} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Cycle');
    fireEvent.change(select, { target: { value: 'year' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Book' })));
    expect(submitted).toEqual(['year']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refuse' })));
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a cycle.')).toBeTruthy();
  });

  it('controlled: shows the caller’s value and hands it the chosen option’s value', () => {
    const chosen: string[] = [];
    inEnglish(<CyclePicker chosen={chosen} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Cycle');
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'year' } });
    expect(chosen).toEqual(['year']);
    expect(select.value).toBe('year');
  });
});
