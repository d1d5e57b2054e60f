// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormErrorSummary, SubmitButton } from './form-error-summary.tsx';
import { renderInForm } from './testing/render-in-form.tsx';

afterEach(cleanup);

const LABELS: Record<string, string> = { first_name: 'First name', last_name: 'Last name' };
const POSITIONS = ['first_name', 'last_name', 'rows'];

function summary(serverProblems: { name?: string; message: string }[] = []) {
  return (
    <FormErrorSummary
      focusRequest={1}
      serverProblems={serverProblems}
      onSelect={() => {}}
      labelOf={(name) => LABELS[name]}
      positionOf={(name) => POSITIONS.indexOf(name.split('.')[0] ?? name)}
    />
  );
}

describe('FormErrorSummary', () => {
  it('lists the platform’s answers first, then each field’s message by its label in the order the fields stand', () => {
    const { form } = renderInForm(summary([{ message: 'Refused by the platform.' }]));
    act(() => {
      form.setError('last_name', { message: 'Enter a last name.' });
      form.setError('first_name', { message: 'Enter a first name.' });
      form.setError('rows.0.amount', { message: 'Enter an amount.' });
    });
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Refused by the platform.',
      'First name: Enter a first name.',
      'Last name: Enter a last name.',
      'rows.0.amount: Enter an amount.',
    ]);
  });

  it('drops a field’s message as soon as the form clears its error', () => {
    const { form } = renderInForm(summary());
    act(() => form.setError('first_name', { message: 'Enter a first name.' }));
    expect(screen.getByRole('link', { name: 'First name: Enter a first name.' })).toBeTruthy();
    act(() => form.clearErrors('first_name'));
    expect(screen.queryByRole('region', { name: 'There is a problem' })).toBeNull();
  });
});

describe('SubmitButton', () => {
  it('says it is busy and cannot be pressed again while the form is sending', async () => {
    let finish = () => {};
    renderInForm(<SubmitButton idle="Book" busy="Booking…" />, {
      onSubmit: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    const busy = await screen.findByRole('button', { name: 'Booking…' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Book' }).hasAttribute('disabled')).toBe(false);
  });
});
