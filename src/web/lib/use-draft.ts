import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * State kept in sessionStorage so nothing typed is lost when the session expires mid-work, the page
 * reloads, or the user returns from sign-in. Cleared at sign-out.
 */
export function useDraft<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const storageKey = `draft:${key}`;
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = sessionStorage.getItem(storageKey);
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- written by this hook under this key in this tab; the page checks every value before it is used
      return stored === null ? initial : { ...initial, ...(JSON.parse(stored) as T) };
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(value));
  }, [storageKey, value]);
  return [value, setValue];
}

/** A value that settles `delayMs` after the last change (live checks wait for a pause in typing). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
