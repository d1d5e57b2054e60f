// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages as en } from '../../locales/en.po';
import { CAPACITY_APPLY_DELAY_MS, CapacityInput } from './report-controls.tsx';

beforeEach(() => {
  vi.useFakeTimers();
  i18n.loadAndActivate({ locale: 'en', messages: en });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderInput(value: number | null = null) {
  const onChange = vi.fn<(kw: number | null) => void>();
  render(
    <I18nProvider i18n={i18n}>
      <CapacityInput value={value} onChange={onChange} />
    </I18nProvider>,
  );
  return { onChange, input: screen.getByLabelText('Nameplate power (kW)') };
}

describe('the nameplate power', () => {
  it('applies as staff type, once they pause, without leaving the field', () => {
    const { onChange, input } = renderInput();
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.change(input, { target: { value: '40' } });
    void act(() => vi.advanceTimersByTime(CAPACITY_APPLY_DELAY_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    void act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(40);
  });

  it('applies at once on Enter, and a value already applied is not written again', () => {
    const { onChange, input } = renderInput(12.5);
    fireEvent.change(input, { target: { value: '13' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledExactlyOnceWith(13);
    onChange.mockClear();
    // Back to the value the report has: nothing to write, on blur or after the pause.
    fireEvent.change(input, { target: { value: '12.50' } });
    fireEvent.blur(input);
    void act(() => vi.advanceTimersByTime(CAPACITY_APPLY_DELAY_MS));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('never applies a number it refuses, and clearing the field removes it', () => {
    const { onChange, input } = renderInput(40);
    fireEvent.change(input, { target: { value: '0' } });
    void act(() => vi.advanceTimersByTime(CAPACITY_APPLY_DELAY_MS));
    expect(onChange).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '' } });
    void act(() => vi.advanceTimersByTime(CAPACITY_APPLY_DELAY_MS));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null);
  });
});
