import type { ReactNode } from 'react';
import { FIND_FORM_SLOTS } from '../features/find/find-form-slots.ts';
import { FormSlotsContext } from '../lib/form-slots.ts';

/** The write forms' slots filled by finding things (see withFindSlots). */
export function FindSlots({ children }: { children: ReactNode }) {
  return <FormSlotsContext value={FIND_FORM_SLOTS}>{children}</FormSlotsContext>;
}
