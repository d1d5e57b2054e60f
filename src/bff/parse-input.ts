import type { z } from 'zod';
import { toFieldErrors } from '../contract/field-errors.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../node-shared/json-depth.ts';
import { FieldErrors } from './http-error.ts';

export const NULL_CHARACTER = 'Null characters are not allowed.';

/** Input checked with its contract schema; a mismatch is a 400 with field errors. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new FieldErrors(toFieldErrors(result.error, input, 'schema'));
  return result.data;
}

/**
 * The fields (dotted paths) holding U+0000 in a string or a key: PostgreSQL text cannot store it and
 * no field of ours means it. Iterative, and only run on bodies within MAX_JSON_DEPTH.
 */
export function nullCharacterFields(value: unknown): string[] {
  const found = new Set<string>();
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    const name = path || 'non_field_errors';
    if (typeof item === 'string') {
      if (item.includes('\u0000')) found.add(name);
    } else if (Array.isArray(item)) {
      item.forEach((child, index) => pending.push([child, path ? `${path}.${index}` : String(index)]));
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) found.add(name);
        else pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return [...found].sort();
}

/**
 * A BFF route's JSON body. Bodies arrive as raw bytes (the proxy forwards them untouched), so each
 * of the BFF's own routes parses its own: too deep, not JSON, or holding NUL is a 400 before the
 * schema (or the database) sees it.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  let json: unknown = undefined;
  if (Buffer.isBuffer(body) && body.length > 0) {
    const text = body.toString('utf8');
    if (nestsDeeperThan(text))
      throw new FieldErrors({
        non_field_errors: [`The body is nested more than ${MAX_JSON_DEPTH} levels deep.`],
      });
    try {
      json = JSON.parse(text);
    } catch {
      throw new FieldErrors({ non_field_errors: ['The body is not valid JSON.'] });
    }
  } else json = body;
  const withNull = nullCharacterFields(json);
  if (withNull.length > 0)
    throw new FieldErrors(Object.fromEntries(withNull.map((field) => [field, [NULL_CHARACTER]])));
  return parseInput(schema, json);
}
