import type { z } from 'zod';
import { toFieldErrors } from '../contract/field-errors.ts';
import { FieldErrors } from './http-error.ts';

/** Input checked with its contract schema; a mismatch is a 400 with field errors. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new FieldErrors(toFieldErrors(result.error, input, 'schema'));
  return result.data;
}

/**
 * A BFF route's JSON body. Bodies arrive as raw bytes (the proxy forwards them untouched), so each
 * of the BFF's own routes parses its own.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  let json: unknown = undefined;
  try {
    json = Buffer.isBuffer(body) && body.length > 0 ? JSON.parse(body.toString('utf8')) : body;
  } catch {
    throw new FieldErrors({ non_field_errors: ['The body is not valid JSON.'] });
  }
  return parseInput(schema, json);
}
