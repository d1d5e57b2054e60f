/**
 * How a CSV file's bytes became text: German Excel saves "CSV (Trennzeichen-getrennt)" in Windows-1252, "Unicode
 * text" in UTF-16 with a byte order mark, and "CSV UTF-8" with a UTF-8 BOM (issue 42: `Rückerstattung` must not
 * reach an invoice as `R�ckerstattung`).
 */
export const FILE_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type FileEncoding = (typeof FILE_ENCODINGS)[number];

/**
 * A file's text: UTF-16 when it starts with a UTF-16 byte order mark, UTF-8 when it is valid UTF-8 (a BOM
 * dropped), else Windows-1252 — never UTF-8 with replacement characters.
 */
export function decodeFileText(bytes: Uint8Array): { text: string; encoding: FileEncoding } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: windows1252(bytes), encoding: 'windows-1252' };
  }
}

/**
 * Windows-1252's characters at 0x80–0x9F (WHATWG's table; the bytes it leaves undefined stay C1 controls, which
 * hasUnmeantCharacter refuses). Decoded here rather than by TextDecoder: Node's takes the label for Latin-1 and
 * turns 0x80 into a control character instead of €.
 */
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

function windows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(
      ...Array.from(chunk, (byte) =>
        byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(byte - 0x80) : byte,
      ),
    );
  }
  return text;
}

/**
 * A character no one types into a cell on purpose: the replacement character (what a wrong decoding leaves) and
 * control characters other than tab and line breaks (quoted cells may span lines). On an invoice it would print
 * as garbage, so its row is refused rather than sent.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNMEANT_CHARACTER = /[\uFFFD\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasUnmeantCharacter(text: string): boolean {
  return UNMEANT_CHARACTER.test(text);
}

export const UNMEANT_CHARACTER_MESSAGE =
  'This cell holds a character that cannot be what was meant (� or a control character): correct it, or save the file as CSV UTF-8.';
