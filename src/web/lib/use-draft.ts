import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { readDraft, writeDraft } from './draft-store.ts';

/**
 * State kept per user in sessionStorage (see draft-store.ts) so nothing typed is lost when the session
 * expires mid-work, the page reloads, or the same user returns from sign-in. Never shown to another user;
 * cleared at sign-out.
 */
export function useDraft<T>(username: string, key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => {
    const stored = readDraft(username, key);
    if (stored === null || typeof stored !== 'object') return initial;
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- written by this hook for this user under this key in this tab; the page checks every value before it is used
    return { ...initial, ...(stored as T) };
  });
  useEffect(() => {
    writeDraft(username, key, value);
  }, [username, key, value]);
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
