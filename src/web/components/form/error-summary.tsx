import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { fieldId } from './field-error.ts';

export interface SummaryItem {
  /** The field the message belongs to; none for answers about the whole form. */
  name?: string;
  message: string;
}

/**
 * The GOV.UK error summary: at the top of the form, takes focus after a failed submit, and links each
 * message to its field. `onSelect` reveals the field (opening its section) before focusing it.
 */
export function ErrorSummary({
  items,
  onSelect,
  focusRequest,
}: {
  items: readonly SummaryItem[];
  onSelect: (name: string) => void;
  /** Raised after each failed submit: the summary takes focus as soon as it has something to say. */
  focusRequest: number;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const handled = useRef(0);
  const hasItems = items.length > 0;
  useEffect(() => {
    if (!hasItems || focusRequest === handled.current) return;
    handled.current = focusRequest;
    ref.current?.focus();
  }, [focusRequest, hasItems]);
  if (!hasItems) return null;
  return (
    <div
      className="error-summary"
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      role="region"
    >
      <h2 id="error-summary-title">{t`There is a problem`}</h2>
      <ul>
        {items.map((item, index) => (
          <li key={`${item.name ?? ''}-${index}`}>
            {item.name ? (
              <a
                href={`#${fieldId(item.name)}`}
                onClick={(event) => {
                  event.preventDefault();
                  onSelect(item.name!);
                }}
              >
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
