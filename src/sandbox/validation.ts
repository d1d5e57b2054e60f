import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod/mini';
import { toFieldErrors } from '../contract/field-errors.ts';
import { FieldErrorsError } from './errors.ts';

const NULL_CHARACTER = 'Null characters are not allowed.';

/** Postgres text cannot hold U+0000: refuse it up front like DRF does, naming the field. */
function nullCharacterFields(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path.join('.') || 'non_field_errors');
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nullCharacterFields(item, [...path, String(index)], found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) nullCharacterFields(item, [...path, key], found);
  }
  return found;
}

/**
 * Fastify validator for the contract's zod schemas: failures become the spec's field errors
 * `{field: [message]}` in DRF's words.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodMiniType> =
  ({ schema }) =>
  (data) => {
    const withNull = nullCharacterFields(data);
    if (withNull.length > 0) {
      return {
        error: new FieldErrorsError(Object.fromEntries(withNull.map((field) => [field, [NULL_CHARACTER]]))),
      };
    }
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new FieldErrorsError(toFieldErrors(result.error, data)) };
  };
