// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as de } from '../../locales/de.po';
import { messages as en } from '../../locales/en.po';
import { LiveCheckedInput } from './live-checked-input.tsx';
import { descriptionOf, renderInForm } from './testing/render-in-form.tsx';

afterEach(cleanup);
afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

/** A check whose local pre-check answers every value here: no request leaves the test. */
const DIGITS = {
  name: 'digits',
  precheck: (value: string) =>
    value.length < 11 ? `Keep typing: ${11 - value.length} more digits.` : 'Ready.',
  path: 'validation/market_location/',
  params: (value: string) => ({ market_location_id: value }),
};

function field(children?: (value: string) => string) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <LiveCheckedInput name="market_location_id" label="Market location ID" hint="11 digits" check={DIGITS}>
        {children ? (_state, value) => <p data-testid="below">{children(value)}</p> : undefined}
      </LiveCheckedInput>
    </QueryClientProvider>
  );
}

describe('LiveCheckedInput', () => {
  it('is named by its label and described by its hint and its live status, announced politely', () => {
    renderInForm(field());
    const input = screen.getByLabelText('Market location ID');
    fireEvent.change(input, { target: { value: '5123' } });
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('Keep typing: 7 more digits.');
    expect(descriptionOf(input)).toBe('11 digits Keep typing: 7 more digits.');
  });

  it('shows a submit error under the field, marks it invalid, and hands the value to what it renders below', () => {
    const { form } = renderInForm(field((value) => `typed ${value}`));
    const input = screen.getByLabelText('Market location ID');
    fireEvent.change(input, { target: { value: '51238696781' } });
    act(() => form.setError('market_location_id', { message: 'The check digit does not match.' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input)).toContain('The check digit does not match.');
    expect(screen.getByTestId('below').textContent).toBe('typed 51238696781');
  });

  it('says a refusal once in German: the submit error equals the live status’s meaning, so only the status shows', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    const client = new QueryClient();
    const check = { ...DIGITS, precheck: () => null };
    // The platform's answer for this value, already known (as after a live check): no request leaves the test.
    client.setQueryData(['live-check', check.name, check.path, '51238696780'], {
      status: 400,
      body: { detail: 'check digit validation failed' },
    });
    const { form } = renderInForm(
      <QueryClientProvider client={client}>
        <LiveCheckedInput
          name="market_location_id"
          label="Marktlokations-ID"
          hint="11 Ziffern"
          check={check}
        />
      </QueryClientProvider>,
      { defaultValues: { market_location_id: '51238696780' } },
    );
    // The contract's rule refuses it on submit in the same (English) words the platform uses.
    act(() => form.setError('market_location_id', { message: 'check digit validation failed' }));
    const input = screen.getByLabelText('Marktlokations-ID');
    expect(screen.getByRole('status').textContent).toContain(
      'check digit validation failed — Die Prüfziffer',
    );
    expect(document.querySelector('.field-error')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
