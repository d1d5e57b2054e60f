import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { readDraft, removeDraft, writeDraft } from './draft-store.ts';

/**
 * Drafts of long forms, kept per user in sessionStorage (see draft-store.ts): saved on every change, read
 * back after a reload or the same person's new sign-in in the same tab, never shown to anyone else, cleared
 * at sign-out and by the form on success.
 */
export function readFormDraft<T extends FieldValues>(username: string, key: string, empty: T): T {
  const stored = readDraft(username, key);
  if (stored === null || typeof stored !== 'object') return empty;
  // written by this form's own draft (same user, same key, same tab); a field of another shape only prefills the form, whose schema judges it on submit
  return { ...empty, ...(stored as Partial<T>) };
}

export function clearFormDraft(username: string, key: string): void {
  removeDraft(username, key);
}

/**
 * Keeps the form's draft while staff type, without re-rendering the form: only `hasInput` (anything
 * typed at all) is state, and it changes rarely.
 */
export function useFormDraft<T extends FieldValues>(
  username: string,
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
      if (now) writeDraft(username, key, values);
      else removeDraft(username, key);
      if (hasInputRef.current !== now) {
        hasInputRef.current = now;
        setHasInput(now);
      }
    });
    return () => subscription.unsubscribe();
  }, [form, username, key, hasInputIn]);
  return { hasInput, hasInputRef };
}
