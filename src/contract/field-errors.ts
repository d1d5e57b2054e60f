import type { z } from 'zod/mini';
import type { FieldErrors } from './api/common.ts';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  return typeof value === 'object' ? 'dict' : typeof value;
}

const TYPE_MESSAGES: Record<string, string> = {
  string: 'Not a valid string.',
  number: 'A valid number is required.',
  int: 'A valid integer is required.',
  boolean: 'Must be a valid boolean.',
};

/** One issue in the words Django REST framework uses, which the vendor's API answers with. */
export function issueMessage(issue: z.core.$ZodIssue, input: unknown): string {
  const value = valueAt(input, issue.path);
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value') {
    if (value === undefined) return 'This field is required.';
    if (value === null) return 'This field may not be null.';
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'object')
        return `Invalid data. Expected a dictionary, but got ${describeType(value)}.`;
      if (issue.expected === 'array')
        return `Expected a list of items but got type "${describeType(value)}".`;
      return TYPE_MESSAGES[issue.expected] ?? issue.message;
    case 'too_small':
      if (issue.origin === 'string')
        return issue.minimum === 1
          ? 'This field may not be blank.'
          : `Ensure this field has at least ${issue.minimum} characters.`;
      if (issue.origin === 'array') return `Ensure this field has at least ${issue.minimum} elements.`;
      return `Ensure this value is greater than or equal to ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Ensure this field has no more than ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `Ensure this field has no more than ${issue.maximum} elements.`;
      return `Ensure this value is less than or equal to ${issue.maximum}.`;
    case 'invalid_value':
      return `"${String(value)}" is not a valid choice.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address.';
      return issue.message;
    default:
      return issue.message;
  }
}

/**
 * Turns a zod error into the spec's field error body `{field: [message, ...]}` (nested: dotted path).
 * `words: 'drf'` speaks like the platform (the sandbox); `'schema'` keeps each schema's own messages
 * (the BFF's and the SPA's forms).
 */
export function toFieldErrors(
  error: z.core.$ZodError,
  input: unknown,
  words: 'drf' | 'schema' = 'drf',
): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    const messages = (fieldErrors[key] ??= []);
    const message = words === 'drf' ? issueMessage(issue, input) : issue.message;
    if (!messages.includes(message)) messages.push(message);
  }
  return fieldErrors;
}
