/** The platform's answer to a migration, shown as it came (an answer that fails the schema is still shown). */
export type MigrationRecord = Record<string, unknown>;

/** A JSON object (the answer, a relationship row of it): anything else is not shown field by field. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
