import { describe, expect, it } from 'vitest';
import { decodeFileText, hasUnmeantCharacter } from './file-encoding.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const latin1 = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

describe('a CSV file’s bytes as text', () => {
  it('reads what German Excel saves as CSV (Windows-1252) with its umlauts and euro sign', () => {
    const file = new Uint8Array([...latin1('R\u00fcckerstattung Geb\u00fchr '), 0x80]);
    expect(decodeFileText(file)).toEqual({ text: 'Rückerstattung Gebühr €', encoding: 'windows-1252' });
  });

  it('reads UTF-8 with or without a byte order mark', () => {
    const text = 'Rückerstattung €';
    const utf8 = new TextEncoder().encode(text);
    expect(decodeFileText(utf8)).toEqual({ text, encoding: 'utf-8' });
    // The BOM is dropped by the decoder.
    expect(decodeFileText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toEqual({ text, encoding: 'utf-8' });
  });

  it('reads UTF-16 with a byte order mark, little and big endian', () => {
    expect(decodeFileText(bytes(0xff, 0xfe, 0x52, 0, 0xfc, 0))).toEqual({ text: 'Rü', encoding: 'utf-16le' });
    expect(decodeFileText(bytes(0xfe, 0xff, 0, 0x52, 0, 0xfc))).toEqual({ text: 'Rü', encoding: 'utf-16be' });
  });
});

describe('a character no one meant', () => {
  it('is the replacement character or a control character other than tab and line breaks', () => {
    expect(hasUnmeantCharacter('R\uFFFDckerstattung')).toBe(true);
    expect(hasUnmeantCharacter('Bonus\u0000')).toBe(true);
    expect(hasUnmeantCharacter('Geb\u0081hr')).toBe(true);
    expect(hasUnmeantCharacter('Line one\r\nLine two\tTab')).toBe(false);
    expect(hasUnmeantCharacter('Rückerstattung Gebühr ß €')).toBe(false);
  });
});
