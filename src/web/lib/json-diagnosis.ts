import { errorMessage } from './error-message.ts';
import { t } from '@lingui/core/macro';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { perLanguage } from '../i18n/per-language.ts';

export type JsonDiagnosis =
  { status: 'empty' } | { status: 'valid' } | { status: 'invalid'; message: string };

/** Line and column (1-based) of a character offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** jsonc-parser's error codes in words (brackets as placeholders: a literal brace would be ICU syntax). */
const reasons = perLanguage((): Record<string, string> => {
  const [brace, bracket, escape] = ['}', ']', '\\u'];
  return {
    InvalidSymbol: t`unexpected character`,
    InvalidNumberFormat: t`malformed number`,
    PropertyNameExpected: t`a property name in double quotes is expected`,
    ValueExpected: t`a value is expected`,
    ColonExpected: t`a colon is expected`,
    CommaExpected: t`a comma is expected`,
    CloseBraceExpected: t`a closing ${brace} is expected`,
    CloseBracketExpected: t`a closing ${bracket} is expected`,
    EndOfFileExpected: t`nothing more is expected after the object`,
    InvalidCommentToken: t`comments are not allowed`,
    UnexpectedEndOfComment: t`comments are not allowed`,
    UnexpectedEndOfString: t`the text ends inside a string`,
    UnexpectedEndOfNumber: t`the text ends inside a number`,
    InvalidUnicode: t`malformed ${escape} escape`,
    InvalidEscapeCharacter: t`malformed escape`,
    InvalidCharacter: t`a control character inside a string`,
  };
});

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
      ? (reasons()[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error))
      : errorMessage(error);
    return { status: 'invalid', message: t`Not valid JSON at line ${line}, column ${column}: ${reason}.` };
  }
  const braces = '{ }';
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { status: 'invalid', message: t`Valid JSON, but not an object: wrap the values in ${braces}.` };
  return { status: 'valid' };
}
