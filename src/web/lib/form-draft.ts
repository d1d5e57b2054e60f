import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * Drafts of long forms, in sessionStorage (personal data never goes to localStorage): saved on every
 * change, read back after a reload or a new sign-in in the same tab, cleared at sign-out (the whole
 * sessionStorage) and by the form on success.
 */
export function readFormDraft<T extends FieldValues>(key: string, empty: T): T {
  try {
    const stored = sessionStorage.getItem(`draft:${key}`);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- written by this form's own draft (same key, same tab); a field of another shape only prefills the form, whose schema judges it on submit
    return stored === null ? empty : { ...empty, ...(JSON.parse(stored) as Partial<T>) };
  } catch {
    return empty;
  }
}

export function clearFormDraft(key: string): void {
  sessionStorage.removeItem(`draft:${key}`);
}

/**
 * Keeps the form's draft while staff type, without re-rendering the form: only `hasInput` (anything
 * typed at all) is state, and it changes rarely.
 */
export function useFormDraft<T extends FieldValues>(
  key: string,
  form: UseFormReturn<T, unknown, unknown>,
  hasInputIn: (values: Partial<T>) => boolean,
): { hasInput: boolean; hasInputRef: React.RefObject<boolean> } {
  const [hasInput, setHasInput] = useState(() => hasInputIn(form.getValues()));
  const hasInputRef = useRef(hasInput);
  useEffect(() => {
    const subscription = form.watch((values) => {
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- watch hands a deep partial of T; hasInputIn only asks whether a top-level field holds anything, which either shape answers alike
      const now = hasInputIn(values as Partial<T>);
      if (now) sessionStorage.setItem(`draft:${key}`, JSON.stringify(values));
      else sessionStorage.removeItem(`draft:${key}`);
      if (hasInputRef.current !== now) {
        hasInputRef.current = now;
        setHasInput(now);
      }
    });
    return () => subscription.unsubscribe();
  }, [form, key, hasInputIn]);
  return { hasInput, hasInputRef };
}
