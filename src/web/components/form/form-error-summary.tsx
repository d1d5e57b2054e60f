import { useFormState } from 'react-hook-form';
import { ErrorSummary, type SummaryItem } from './error-summary.tsx';
import { flattenErrors } from './field-error.ts';

/**
 * The error summary of a react-hook-form form: the platform's answers first, then each field's message
 * in the order the fields stand. It reads the errors itself, so a keystroke re-renders it, not the form.
 */
export function FormErrorSummary({
  focusRequest,
  serverProblems,
  onSelect,
  labelOf,
  positionOf,
}: {
  focusRequest: number;
  serverProblems: readonly SummaryItem[];
  onSelect: (name: string) => void;
  labelOf: (name: string) => string | undefined;
  positionOf: (name: string) => number;
}) {
  const { errors } = useFormState();
  const fieldItems = flattenErrors(errors)
    .sort((a, b) => positionOf(a.name) - positionOf(b.name))
    .map(({ name, message }) => ({ name, message: `${labelOf(name) ?? name}: ${message}` }));
  return (
    <ErrorSummary
      focusRequest={focusRequest}
      items={[...serverProblems, ...fieldItems]}
      onSelect={onSelect}
    />
  );
}

/** The form's one primary action, disabled while sending. */
export function SubmitButton({ idle, busy }: { idle: string; busy: string }) {
  const { isSubmitting } = useFormState();
  return (
    <button type="submit" className="button" disabled={isSubmitting}>
      {isSubmitting ? busy : idle}
    </button>
  );
}
