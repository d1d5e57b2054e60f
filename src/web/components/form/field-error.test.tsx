// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import type { FieldErrors } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldId, flattenErrors, useFieldError } from './field-error.ts';
import { renderInForm } from './testing/render-in-form.tsx';

afterEach(cleanup);

function ErrorOf({ name }: { name: string }) {
  return <p data-testid={`error-of-${name}`}>{useFieldError(name) ?? 'none'}</p>;
}

describe('fieldId', () => {
  it('turns the dots of row fields into an id a link can point at', () => {
    expect(fieldId('rows.12.amount_cent')).toBe('field-rows-12-amount_cent');
    expect(fieldId('iban')).toBe('field-iban');
  });
});

describe('flattenErrors', () => {
  it('names every message by its dotted field, rows included, and skips the element refs', () => {
    const errors: FieldErrors<{
      first_name: string;
      rows: { amount: number }[];
      address: { zipcode: string };
    }> = {
      first_name: { type: 'required', message: 'Enter a first name.' },
      rows: [undefined, { amount: { type: 'min', message: 'Too small.' } }],
      address: { zipcode: { type: 'pattern', message: 'Five digits.' } },
    };
    expect(flattenErrors(errors)).toEqual([
      { name: 'first_name', message: 'Enter a first name.' },
      { name: 'rows.1.amount', message: 'Too small.' },
      { name: 'address.zipcode', message: 'Five digits.' },
    ]);
  });
});

describe('useFieldError', () => {
  it('reads its own field’s message only', () => {
    const { form } = renderInForm(
      <>
        <ErrorOf name="city" />
        <ErrorOf name="rows.0.amount" />
      </>,
    );
    act(() => form.setError('rows.0.amount', { message: 'Enter an amount.' }));
    expect(screen.getByTestId('error-of-city').textContent).toBe('none');
    expect(screen.getByTestId('error-of-rows.0.amount').textContent).toBe('Enter an amount.');
  });
});
