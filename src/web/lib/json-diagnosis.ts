import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

export type JsonDiagnosis =
  { status: 'empty' } | { status: 'valid' } | { status: 'invalid'; message: string };

/** Line and column (1-based) of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** jsonc-parser's error codes in words. */
const REASONS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'a property name in double quotes is expected',
  ValueExpected: 'a value is expected',
  ColonExpected: 'a colon is expected',
  CommaExpected: 'a comma is expected',
  CloseBraceExpected: 'a closing } is expected',
  CloseBracketExpected: 'a closing ] is expected',
  EndOfFileExpected: 'nothing more is expected after the object',
  InvalidCommentToken: 'comments are not allowed',
  UnexpectedEndOfComment: 'comments are not allowed',
  UnexpectedEndOfString: 'the text ends inside a string',
  UnexpectedEndOfNumber: 'the text ends inside a number',
  InvalidUnicode: 'malformed \\u escape',
  InvalidEscapeCharacter: 'malformed escape',
  InvalidCharacter: 'a control character inside a string',
};

/**
 * Says whether a text is a JSON object, and where it stops being valid JSON (line, column and why).
 * jsonc-parser locates the first error exactly; JSON.parse stays the judge (it refuses the comments
 * and trailing commas that jsonc-parser tolerates).
 */
export function diagnoseJsonObject(text: string): JsonDiagnosis {
  if (text.trim() === '') return { status: 'empty' };
  const errors: ParseError[] = [];
  parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const first = errors[0];
    const { line, column } = lineAndColumn(text, first?.offset ?? text.length);
    const reason = first
      ? (REASONS[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error))
      : (error as Error).message;
    return { status: 'invalid', message: `Not valid JSON at line ${line}, column ${column}: ${reason}.` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { status: 'invalid', message: 'Valid JSON, but not an object: wrap the values in { }.' };
  return { status: 'valid' };
}
