export type JsonDiagnosis =
  { status: 'empty' } | { status: 'valid' } | { status: 'invalid'; message: string };

/** Line and column (1-based) of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/**
 * Says whether a text is a JSON object, and where it stops being valid JSON: the engine's own reason
 * with the line and column of the offending character ("position N" in V8's messages).
 */
export function diagnoseJsonObject(text: string): JsonDiagnosis {
  if (text.trim() === '') return { status: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = (error as Error).message;
    const position = /position (\d+)/.exec(reason);
    const offset = position ? Number(position[1]) : text.length;
    const { line, column } = lineAndColumn(text, offset);
    const plain = reason.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '');
    return { status: 'invalid', message: `Not valid JSON at line ${line}, column ${column}: ${plain}.` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { status: 'invalid', message: 'Valid JSON, but not an object: wrap the values in { }.' };
  return { status: 'valid' };
}
