import { isRecord } from '../../../contract/is-record.ts';

/** One message of the platform's answer, on a field (dotted path for rows) or on the whole request. */
export interface AnswerProblem {
  field: string | null;
  message: string;
}

const AS_WHOLE = new Set(['detail', 'non_field_errors']);

/**
 * The platform's refusal as a list: `{detail}` and `non_field_errors` on the whole request, field errors
 * `{field: [message, …]}` on their fields, rows' errors (`{contract_relationships: [{valid_from: […]}]}`)
 * by dotted path. Anything else in the body is no problem list (an empty one).
 */
export function answerProblems(body: unknown): AnswerProblem[] {
  if (!isRecord(body)) return typeof body === 'string' && body.trim() ? [{ field: null, message: body }] : [];
  return Object.entries(body).flatMap(([key, value]) => problemsAt(AS_WHOLE.has(key) ? null : key, value));
}

function problemsAt(path: string | null, value: unknown): AnswerProblem[] {
  if (typeof value === 'string') return [{ field: path, message: value }];
  if (Array.isArray(value))
    return value.flatMap((item, index) =>
      isRecord(item)
        ? nested(path === null ? String(index) : `${path}.${index}`, item)
        : problemsAt(path, item),
    );
  if (isRecord(value)) return nested(path, value);
  return [];
}

function nested(path: string | null, value: Record<string, unknown>): AnswerProblem[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    problemsAt(path === null ? key : `${path}.${key}`, inner),
  );
}
