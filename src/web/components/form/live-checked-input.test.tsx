// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveCheckedInput } from './live-checked-input.tsx';
import { descriptionOf, renderInForm } from './testing/render-in-form.tsx';

afterEach(cleanup);

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
});
