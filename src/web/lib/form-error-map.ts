import { t } from '@lingui/core/macro';
import type { z } from 'zod/mini';
import { parseLocaleDecimal } from '../../contract/locale-number.ts';

export interface MessageCatalogue {
  /** The words of a field by its (dotted) name: what to say when it is missing or malformed. */
  (name: string): { required?: string; format?: string; unreadable?: (typed: string) => string } | undefined;
}

function isMissing(issue: z.core.$ZodRawIssue): boolean {
  if (issue.input === undefined || issue.input === null) return true;
  return issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1;
}

/**
 * A zod error map for forms that speak to staff: messages that say how to fix the field. The
 * contract's own messages (formats, conditional requirements, the platform's IBAN and MaLo messages)
 * take precedence; this map fills in the schema's generic ones.
 */
export function formErrorMap(words: MessageCatalogue, locale: string | undefined): z.core.$ZodErrorMap {
  return (issue) => {
    const name = (issue.path ?? []).map(String).join('.');
    const field = words(name);
    if (isMissing(issue)) return field?.required ?? t`This field is required.`;
    switch (issue.code) {
      case 'invalid_type':
        if (typeof issue.input === 'string' && field?.unreadable) return field.unreadable(issue.input);
        if ((issue.expected === 'number' || issue.expected === 'int') && typeof issue.input === 'string') {
          const reading = parseLocaleDecimal(issue.input, locale);
          return reading.ok ? t`Enter a number.` : reading.message;
        }
        if (issue.expected === 'int' && typeof issue.input === 'number') return t`Enter a whole number.`;
        return field?.format ?? t`This value has the wrong type.`;
      case 'invalid_format':
        return field?.format ?? t`This value has the wrong format.`;
      case 'too_big': {
        const maximum = String(issue.maximum);
        if (issue.origin === 'string') return t`Use at most ${maximum} characters.`;
        if (issue.origin === 'array') return t`At most ${maximum} rows.`;
        return t`Enter at most ${maximum}.`;
      }
      case 'too_small': {
        const minimum = String(issue.minimum);
        if (issue.origin === 'string') return t`Use at least ${minimum} characters.`;
        return t`Enter ${minimum} or more.`;
      }
      case 'invalid_value':
        return t`Choose one of the options.`;
      default:
        return field?.format;
    }
  };
}
