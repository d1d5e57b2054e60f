/**
 * An object with string keys, not null and not an array: what a parsed JSON body or a CSV row is before
 * a schema reads it. A type guard, so code reads its fields without a cast.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
