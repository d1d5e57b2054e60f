import type { FastifyRequest } from 'fastify';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../node-shared/json-depth.ts';
import { FieldErrors } from './http-error.ts';

export const NULL_CHARACTER = 'Null characters are not allowed.';

/**
 * The fields (dotted paths) holding U+0000 in a string or a key: PostgreSQL text cannot store it and
 * no field of ours means it. Iterative, and only run on bodies within MAX_JSON_DEPTH.
 */
export function nullCharacterFields(value: unknown): string[] {
  const found = new Set<string>();
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
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
 * The content-type parser of the BFF's own routes (the proxy keeps raw bytes in its own plugin): too
 * deep, not JSON, or holding NUL is a 400 before the route's schema (or the database) sees it. An empty
 * body is no body, for the schema to refuse.
 */
export function parseJsonBody(
  _request: FastifyRequest,
  text: string,
  done: (error: Error | null, body?: unknown) => void,
): void {
  if (text.length === 0) return done(null, undefined);
  if (nestsDeeperThan(text))
    return done(
      new FieldErrors({ non_field_errors: [`The body is nested more than ${MAX_JSON_DEPTH} levels deep.`] }),
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return done(new FieldErrors({ non_field_errors: ['The body is not valid JSON.'] }));
  }
  // JSON writes U+0000 only as an escape: a body without one holds none, and is not walked (30 ms for 10,000 rows).
  const withNull = /\\u0000/i.test(text) ? nullCharacterFields(json) : [];
  if (withNull.length > 0)
    return done(new FieldErrors(Object.fromEntries(withNull.map((field) => [field, [NULL_CHARACTER]]))));
  done(null, json);
}
