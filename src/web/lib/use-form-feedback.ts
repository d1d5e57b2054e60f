import { useRef, useState } from 'react';
import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import type { SummaryItem } from '../components/form/error-summary.tsx';
import { fieldId, flattenErrors } from '../components/form/field-error.ts';
import { mapServerAnswer } from './server-answer.ts';

/**
 * What a form says after a submit: the error summary's focus, the platform's refusals on their fields
 * (or in the summary), and "nothing was saved" when the console's server could not be reached.
 * `reveal` opens whatever hides a field (a collapsed section) before it gets focus.
 */
export function useFormFeedback<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  isFormField: (name: string) => boolean,
  reveal: (names: readonly string[]) => void = () => {},
) {
  const summaryRef = useRef<HTMLDivElement>(null);
  const [serverProblems, setServerProblems] = useState<SummaryItem[]>([]);
  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());
  return {
    summaryRef,
    serverProblems,
    clear: () => setServerProblems([]),
    revealField: (name: string) => {
      reveal([name]);
      requestAnimationFrame(() => {
        const element = document.getElementById(fieldId(name));
        element?.scrollIntoView({ block: 'center' });
        element?.focus();
      });
    },
    onInvalid: (errors: FieldErrors<T>) => {
      setServerProblems([]);
      reveal(flattenErrors(errors).map((error) => error.name));
      focusSummary();
    },
    showRefusal: (status: number, body: unknown) => {
      const mapped = mapServerAnswer(status, body, isFormField);
      for (const { name, message } of mapped.fieldErrors)
        form.setError(name as never, { type: 'server', message });
      reveal(mapped.fieldErrors.map((error) => error.name));
      setServerProblems(mapped.summary);
      focusSummary();
    },
    showUnreachable: (error: Error) => {
      setServerProblems([
        {
          message: `Nothing was saved: the console could not reach its server (${error.message}). Your input is kept; send the form again.`,
        },
      ]);
      focusSummary();
    },
  };
}
