import { platformMessage } from '../lib/known-messages.ts';
import { useLingui } from '@lingui/react/macro';
import type { LiveCheckState } from '../lib/live-check.ts';

/** The live result next to a field: words and a symbol, never colour alone; announced politely. */
export function FieldStatus({ id, state }: { id: string; state: LiveCheckState }) {
  const { t } = useLingui();
  let content: React.ReactNode = null;
  let tone = 'quiet';
  if (state.status === 'incomplete') content = state.hint;
  else if (state.status === 'checking') content = t`Checking…`;
  else if (state.status === 'valid') {
    tone = 'valid';
    content = `✓ ${t`Valid`}`;
  } else if (state.status === 'invalid') {
    tone = 'invalid';
    content = `✗ ${platformMessage(state.message)}`;
  } else if (state.status === 'error') {
    tone = 'invalid';
    content = state.message;
  }
  return (
    <p
      id={id}
      className={`field-status field-status--${tone}`}
      role="status"
      aria-live="polite"
      data-status={state.status}
    >
      {content}
    </p>
  );
}
