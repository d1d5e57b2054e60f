import { t } from '@lingui/core/macro';
import { useEffect, useRef, useState } from 'react';
import type { FieldErrors, FieldValues, UseFormReturn } from 'react-hook-form';
import type { SummaryItem } from '../components/form/error-summary.tsx';
import { fieldId, flattenErrors } from '../components/form/field-error.ts';
import { SignedOutError, type ApiAnswer } from './api-client.ts';
import { mapServerAnswer } from './server-answer.ts';

/**
 * What a form says after a submit: the error summary's focus, the platform's refusals on their fields
 * (or in the summary), and "nothing was saved" when the console's server could not be reached.
 * `reveal` opens whatever hides a field (a collapsed section) before it gets focus. `send` makes one
 * write at a time (a double click sends once) and says what came of it.
 */
export function useFormFeedback<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  isFormField: (name: string) => boolean,
  reveal: (names: readonly string[]) => void = () => {},
) {
  const [serverProblems, setServerProblems] = useState<SummaryItem[]>([]);
  const inFlight = useRef(false);
  // Focus moves once React has committed what it points at: the summary focuses itself when it has items
  // for a new request (react-hook-form publishes errors after onInvalid); a field after its section opened.
  const [summaryFocusRequest, setSummaryFocusRequest] = useState(0);
  const [fieldFocus, setFieldFocus] = useState<{ name: string; request: number } | null>(null);
  useEffect(() => {
    if (!fieldFocus) return;
    const element = document.getElementById(fieldId(fieldFocus.name));
    element?.scrollIntoView({ block: 'center' });
    element?.focus();
  }, [fieldFocus]);
  const focusSummary = () => setSummaryFocusRequest((request) => request + 1);

  const showRefusal = (status: number, body: unknown) => {
    const mapped = mapServerAnswer(status, body, isFormField);
    for (const { name, message } of mapped.fieldErrors)
      form.setError(name as never, { type: 'server', message });
    reveal(mapped.fieldErrors.map((error) => error.name));
    setServerProblems(mapped.summary);
    focusSummary();
  };
  const showUnreachable = (error: Error) => {
    const reason = error.message;
    setServerProblems([
      {
        message: t`Nothing was saved: the console could not reach its server (${reason}). Your input is kept; send the form again.`,
      },
    ]);
    focusSummary();
  };

  return {
    summaryFocusRequest,
    serverProblems,
    clear: () => setServerProblems([]),
    revealField: (name: string) => {
      reveal([name]);
      setFieldFocus((current) => ({ name, request: (current?.request ?? 0) + 1 }));
    },
    onInvalid: (errors: FieldErrors<T>) => {
      setServerProblems([]);
      reveal(flattenErrors(errors).map((error) => error.name));
      focusSummary();
    },
    send: async (call: () => Promise<ApiAnswer<unknown>>, onSuccess: (body: unknown) => void) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setServerProblems([]);
      try {
        const answer = await call();
        if (answer.status >= 200 && answer.status < 300) onSuccess(answer.body);
        else showRefusal(answer.status, answer.body);
      } catch (error) {
        // Signed out: the app goes to sign-in; drafts bring the input back afterwards.
        if (!(error instanceof SignedOutError)) showUnreachable(error as Error);
      } finally {
        inFlight.current = false;
      }
    },
  };
}
