/** Whether a database error (pg, PGlite, or wrapped by drizzle) is a unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === '23505') return true;
  }
  return false;
}
