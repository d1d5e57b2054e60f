// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useDebouncedValue', () => {
  it('gives the first value at once (the palette opens with the recent records)', () => {
    const { result } = renderHook(() => useDebouncedValue(''));
    expect(result.current).toBe('');
  });

  it('gives a word typed quickly once, ~150 ms after the last keystroke', () => {
    const { result, rerender } = renderHook(({ text }) => useDebouncedValue(text), {
      initialProps: { text: '' },
    });
    for (const text of ['m', 'mu', 'mul']) {
      rerender({ text });
      act(() => {
        vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
      });
    }
    expect(result.current).toBe('');
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(result.current).toBe('mul');
  });
});
