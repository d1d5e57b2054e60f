import { useEffect, useState } from 'react';

/** Search as you type: ~150 ms after the last keystroke, so a word typed quickly asks once. */
export const SEARCH_DEBOUNCE_MS = 150;

/** The value once it has stayed the same for `delay` ms; the first value at once. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
