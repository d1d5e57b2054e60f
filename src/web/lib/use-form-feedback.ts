import { useEffect, useRef, useState } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { SummaryItem } from '../components/form/error-summary.tsx';
import { fieldId, flattenErrors } from '../components/form/field-error.ts';
import { isDuplicateAnswer, type IdempotentWrite } from '../../contract/api/duplicate-answer.ts';
import { SignedOutError, type ApiAnswer } from './api-client.ts';
import { errorMessage } from './error-message.ts';
import { mapServerAnswer } from './server-answer.ts';

/**
 * What became of a write beyond "done" and "refused": `unknown` — sent, and no answer came (the connection
 * broke, 502, 504, 500), so it may have been stored; `confirmed` — sent again after that, and the platform's
 * duplicate answer says the first attempt was stored; `saved` — the platform accepted it (2xx) but its
 * answer is not what the console expects.
 */
export type WriteOutcome =
  | { kind: 'unknown'; reason: string }
  | { kind: 'confirmed'; answer: string }
  | { kind: 'saved'; status: number; problem: string };

/** Answers that may come after the write was stored: only a refusal (4xx, or a 503 before forwarding) is final. */
const mayHaveBeenStored = (status: number) => status >= 500 && status !== 503;

/**
 * What a form says after a submit: the error summary's focus, the platform's refusals on their fields
 * (or in the summary), and — never "nothing was saved" unless that is known — the outcome of a write
 * whose answer was lost, with a safe way to check it: the identical request sent again.
 * `reveal` opens whatever hides a field (a collapsed section) before it gets focus. `send` makes one
 * write at a time (a double click sends once) and says what came of it: its `call` is the page's
 * mutation (`mutateAsync` of the endpoint's hook, e.g. `useBookCharge`), which answers with the
 * status and body rather than throwing on a refusal, so the three outcomes can be told apart.
 */
export function useFormFeedback<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  isFormField: (name: string) => boolean,
  reveal: (names: readonly string[]) => void = () => {},
  options: { write?: IdempotentWrite } = {},
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
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- mapServerAnswer keeps only names isFormField accepted, which are this form's fields
      form.setError(name as Path<T>, { type: 'server', message });
    reveal(mapped.fieldErrors.map((error) => error.name));
    setServerProblems(mapped.summary);
    focusSummary();
  };
  const [outcome, setOutcomeState] = useState<WriteOutcome | null>(null);
  const outcomeNow = useRef<WriteOutcome | null>(null);
  const setOutcome = (next: WriteOutcome | null) => {
    outcomeNow.current = next;
    setOutcomeState(next);
  };
  const lastWrite = useRef<{ call: () => Promise<ApiAnswer<unknown>>; onSuccess: (body: unknown) => void }>(
    null,
  );

  const settle = (status: number, body: unknown, onSuccess: (body: unknown) => void, isRetry: boolean) => {
    if (status >= 200 && status < 300) {
      try {
        onSuccess(body);
        setOutcome(null);
      } catch (error) {
        // Stored: whatever the answer looks like, it must never read as "nothing was saved".
        setOutcome({ kind: 'saved', status, problem: errorMessage(error) });
      }
      return;
    }
    if (mayHaveBeenStored(status)) {
      setOutcome({ kind: 'unknown', reason: `HTTP ${status}` });
      return;
    }
    if (isRetry && options.write && isDuplicateAnswer(options.write, status, body)) {
      const answer =
        body && typeof body === 'object' ? Object.values(body).flat().map(String).join(' ') : String(body);
      setOutcome({ kind: 'confirmed', answer });
      return;
    }
    setOutcome(null);
    showRefusal(status, body);
  };

  const run = async (isRetry: boolean) => {
    const write = lastWrite.current;
    if (!write || inFlight.current) return;
    inFlight.current = true;
    setServerProblems([]);
    try {
      const answer = await write.call();
      settle(answer.status, answer.body, write.onSuccess, isRetry);
    } catch (error) {
      // Signed out: the app goes to sign-in; drafts bring the input back afterwards.
      // Anything else (the connection broke): the request may have arrived.
      if (!(error instanceof SignedOutError)) setOutcome({ kind: 'unknown', reason: errorMessage(error) });
    } finally {
      inFlight.current = false;
    }
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
    outcome,
    /** Sends a write; one at a time (a double click sends once). */
    send: async (call: () => Promise<ApiAnswer<unknown>>, onSuccess: (body: unknown) => void) => {
      if (inFlight.current) return;
      // After a write whose answer was lost, a new send could book it twice (a changed input_id, say):
      // the only way on is "Check and retry safely", whose notice takes the focus again.
      const pending = outcomeNow.current;
      if (pending?.kind === 'unknown') {
        setOutcome({ ...pending });
        return;
      }
      lastWrite.current = { call, onSuccess };
      setOutcome(null);
      await run(false);
    },
    /** "Check and retry safely": the identical request again (same input_id, user ID or TR-ID). */
    retrySafely: () => run(true),
  };
}
