/** The message of anything thrown: an Error's own, else the value as text (a rejected non-Error). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
