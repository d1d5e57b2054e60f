import { describe, expect, it } from 'vitest';
import {
  bulkCampaignRequestSchema,
  bulkColumns,
  canonicalRowContent,
  chargeTotals,
  checkBulkHeader,
  generatedInputId,
  readFileNumber,
  identicalRepeats,
} from './bulk.ts';
import { checkBulkFile } from './bulk-csv.ts';
import { bulkTemplate } from './bulk-template.ts';

const CHARGE_HEADER =
  'user_id,contract_id,type_of_transaction,amount_cent,is_gross,vat_type,due_date,display_name';

describe('bulk files', () => {
  it('knows the columns: API fields plus the path ids; input_id optional for charges (generated)', () => {
    const charges = bulkColumns('charges');
    expect(
      charges
        .filter((column) => column.required)
        .map((column) => column.name)
        .sort(),
    ).toEqual([
      'contract_id',
      'display_name',
      'due_date',
      'is_gross',
      'type_of_transaction',
      'user_id',
      'vat_type',
    ]);
    expect(charges.find((column) => column.name === 'input_id')).toEqual({
      name: 'input_id',
      required: false,
    });
    expect(bulkColumns('migrations').map((column) => column.name)).toContain('user_id');
    expect(bulkColumns('migrations').map((column) => column.name)).not.toContain('contract_relationships');
  });

  it('gives a template per kind whose header the check takes as it is, in either delimiter', () => {
    for (const kind of ['charges', 'migrations'] as const)
      for (const delimiter of [',', ';'] as const) {
        const template = bulkTemplate(kind, delimiter);
        expect(template.startsWith('\uFEFFuser_id')).toBe(true);
        const header = template.slice(1).trim().split(delimiter);
        expect(checkBulkHeader(kind, header)).toEqual({ unknown: [], missing: [], amount: null });
        expect(checkBulkFile(kind, template).fileProblem).toBe('The file has no header line and rows.');
      }
    expect(bulkTemplate('charges', ';')).toContain(';amount_eur;');
  });

  it('finds rows identical but for input_id, each with the first row it repeats, the contract included', () => {
    const values = (input_id: string, contract_id = 'C1', amount_cent = 1250) => ({
      user_id: 'P1',
      contract_id,
      amount_cent,
      input_id,
    });
    const repeats = identicalRepeats([
      { row: 5, values: values('e') },
      { row: 2, values: values('a') },
      { row: 3, values: values('b', 'C2') },
      { row: 4, values: values('c') },
      { row: 6, values: values('d', 'C1', 1251) },
    ]);
    expect([...repeats]).toEqual([
      [4, 2],
      [5, 2],
    ]);
  });

  it('reports unknown and missing columns', () => {
    expect(checkBulkHeader('charges', ['user_id', 'contract_id', 'amount', 'type_of_transaction'])).toEqual({
      unknown: ['amount'],
      missing: ['is_gross', 'vat_type', 'due_date', 'display_name'],
      amount: 'missing',
    });
  });

  it('reads numbers as the file writes them: German in a ; file, English in a , file', () => {
    const value = (text: string, locale: 'de' | 'en') => {
      const read = readFileNumber(text, locale);
      return read.ok ? read.value : read.message;
    };
    expect(value('2.800', 'de')).toBe(2800);
    expect(value('2,8', 'de')).toBe(2.8);
    expect(value('1.234,56', 'de')).toBe(1234.56);
    expect(value(' 0,3245 ', 'de')).toBe(0.3245);
    expect(value('11,90', 'de')).toBe(11.9);
    expect(value('2800', 'en')).toBe(2800);
    expect(value('2.8', 'en')).toBe(2.8);
    expect(value('1,234.56', 'en')).toBe(1234.56);
    expect(value('-2,5', 'de')).toBe(-2.5);
    // Neither way fits: said, never guessed.
    expect(value('1234.5', 'de')).toBe(
      '"1234.5" is ambiguous here: use "," for the decimals, e.g. 1.234,50.',
    );
    expect(value('12,50', 'en')).toBe('"12,50" is ambiguous here: use "." for the decimals, e.g. 1,234.50.');
    expect(value('ten', 'en')).toBe('Enter digits only, e.g. 1,234.50.');
  });

  it('reads every numeric column of both kinds, amount_eur included, the file’s way (a German 2.800 is 2,800 kWh)', () => {
    const migrations = checkBulkFile(
      'migrations',
      'user_id;annual_consumption;base_fee_price_brutto\r\nK1;2.800;11,90\r\n',
    );
    expect(
      migrations.problems.filter((problem) => /annual_consumption|base_fee/.test(problem.column)),
    ).toEqual([]);
    const english = checkBulkFile(
      'migrations',
      'user_id,annual_consumption,base_fee_price_brutto\r\nK1,"2,800",11.90\r\n',
    );
    expect(english.problems.filter((problem) => /annual_consumption|base_fee/.test(problem.column))).toEqual(
      [],
    );
    const header =
      'user_id;contract_id;type_of_transaction;amount_eur;is_gross;vat_type;due_date;display_name';
    const charges = checkBulkFile(
      'charges',
      `${header}\r\nP1;C1;credit;1.234,56;ja;normal;2026-01-31;Bonus\r\nP1;C1;credit;1234.5;ja;normal;2026-01-31;Bonus\r\n`,
    );
    expect(charges.rows.map((row) => row.values.amount_cent)).toEqual([123_456]);
    expect(charges.problems).toEqual([
      {
        row: 3,
        column: 'amount_eur',
        message:
          'amount_eur is euros with at most two decimals, written as this file writes numbers: 1.234,50',
      },
    ]);
    const inEnglish = checkBulkFile(
      'charges',
      `${header.replaceAll(';', ',')}\r\nP1,C1,credit,"1,234.56",yes,normal,2026-01-31,Bonus\r\n`,
    );
    expect(inEnglish.rows.map((row) => row.values.amount_cent)).toEqual([123_456]);
  });

  it('refuses a row whose cell holds a character no one meant, whatever else it holds', () => {
    const header =
      'user_id;contract_id;type_of_transaction;amount_cent;is_gross;vat_type;due_date;display_name';
    const file = checkBulkFile(
      'charges',
      `${header}\r\nP1;C1;credit;1250;ja;normal;2026-01-31;R\uFFFDckerstattung\r\nP1;C1;credit;x;ja;normal;2026-01-31;Bonus\u0007\r\nP1;C1;credit;1250;ja;normal;2026-01-31;Rückerstattung Gebühr\r\n`,
    );
    expect(file.rows.map((row) => row.values.display_name)).toEqual(['Rückerstattung Gebühr']);
    expect(file.problems.map((problem) => [problem.row, problem.column])).toEqual([
      [2, 'display_name'],
      [3, 'display_name'],
      [3, 'amount_cent'],
    ]);
    expect(file.problems[0]!.message).toMatch(/cannot be what was meant/);
  });

  it('detects the delimiter, drops a BOM, keeps quoted fields with delimiters and line breaks', () => {
    const text =
      '\uFEFF' +
      `${CHARGE_HEADER.replaceAll(',', ';')};explanation_text\r\n` +
      'P1000;C1000;credit;1000;ja;normal;2026-01-31;"Bonus; Winter";"Line one\r\nLine two"\r\n' +
      '\r\n' +
      'P2000;C2000;charge;2,5e;nein;reduced;2026-13-01;Fee;\r\n';
    const file = checkBulkFile('charges', text);
    expect(file.delimiter).toBe(';');
    expect(file.fileProblem).toBeNull();
    // Row numbers are the spreadsheet's: the header is row 1.
    expect(file.rows).toEqual([
      {
        row: 2,
        values: {
          user_id: 'P1000',
          contract_id: 'C1000',
          type_of_transaction: 'credit',
          amount_cent: 1000,
          is_gross: true,
          vat_type: 'normal',
          due_date: '2026-01-31',
          display_name: 'Bonus; Winter',
          explanation_text: 'Line one\r\nLine two',
        },
      },
    ]);
    expect(file.badRows).toBe(1);
    expect(file.problems.map((problem) => [problem.row, problem.column])).toEqual([
      [3, 'amount_cent'],
      [3, 'due_date'],
    ]);
  });

  it('stops at header problems and at files it cannot use', () => {
    const wrongHeader = checkBulkFile('charges', 'user_id,contract_id,amount\nP1,C1,5\n');
    expect(wrongHeader.unknownColumns).toEqual(['amount']);
    expect(wrongHeader.rows).toEqual([]);
    expect(checkBulkFile('charges', '').fileProblem).toMatch(/no header/);
    expect(checkBulkFile('charges', `${CHARGE_HEADER}\nP1,"C1,credit\n`).fileProblem).toMatch(/quoted field/);
    const tooMany = `${CHARGE_HEADER}\n${'P1,C1,credit,1,true,normal,2026-01-01,x\n'.repeat(10_001)}`;
    expect(checkBulkFile('charges', tooMany).fileProblem).toMatch(/at most 10000/);
  });

  it('totals a charges file per type and VAT rate over every execution', () => {
    const totals = chargeTotals([
      {
        user_id: 'P1',
        contract_id: 'C1',
        type_of_transaction: 'credit',
        amount_cent: 1190,
        is_gross: true,
        vat_type: 'normal',
        due_date: '2026-01-31',
        display_name: 'x',
        no_of_executions: 3,
        execution_cycle: 'month',
      },
      {
        user_id: 'P1',
        contract_id: 'C2',
        type_of_transaction: 'charge',
        amount_cent: 1000,
        is_gross: false,
        vat_type: 'reduced',
        due_date: '2026-01-31',
        display_name: 'y',
      },
    ]);
    expect(totals).toEqual([
      { type: 'charge', ratePercent: 7, executions: 1, netCent: 1000, vatCent: 70, grossCent: 1070 },
      { type: 'credit', ratePercent: 19, executions: 3, netCent: 3000, vatCent: 570, grossCent: 3570 },
    ]);
  });
});

describe('the campaign request', () => {
  const request = (rows: { row: number; values: Record<string, unknown> }[]) =>
    bulkCampaignRequestSchema.safeParse({ kind: 'charges', fileName: 'a.csv', rows });

  it('refuses a row number given twice, naming it', () => {
    const result = request([
      { row: 1, values: {} },
      { row: 2, values: {} },
      { row: 1, values: {} },
    ]);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      'Row 1 is given twice: each row once.',
    ]);
  });

  it('refuses row numbers no file can have (0, 3000000000, fractions)', () => {
    for (const row of [0, 3_000_000_000, 10_002, 1.5])
      expect(request([{ row, values: {} }]).success, String(row)).toBe(false);
    // A full file's last data row is the spreadsheet's row 10,001.
    expect(request([{ row: 10_001, values: {} }]).success).toBe(true);
  });

  describe('amounts (issue 25: "10,00" in amount_cent booked 10 cents)', () => {
    const GERMAN_HEADER = CHARGE_HEADER.replaceAll(',', ';');
    const line = (amount: string) => `P1000;C1000;credit;${amount};ja;normal;2026-01-31;Bonus`;

    it('takes digits only in amount_cent: "10,00", "1.000", "25,50" are problems that say what to write', () => {
      const file = checkBulkFile(
        'charges',
        [GERMAN_HEADER, line('1000'), line('10,00'), line('1.000'), line('25,50'), line('1e3')].join('\n'),
      );
      expect(file.rows.map((row) => [row.row, row.values.amount_cent])).toEqual([[2, 1000]]);
      expect(file.problems).toEqual(
        [3, 4, 5, 6].map((row) => ({
          row,
          column: 'amount_cent',
          message: 'amount_cent is whole cents: 1000 for 10,00 €',
        })),
      );
      expect(file.invalid.map((row) => [row.row, row.user_id, row.message])).toEqual([
        [3, 'P1000', 'amount_cent: amount_cent is whole cents: 1000 for 10,00 €'],
        [4, 'P1000', 'amount_cent: amount_cent is whole cents: 1000 for 10,00 €'],
        [5, 'P1000', 'amount_cent: amount_cent is whole cents: 1000 for 10,00 €'],
        [6, 'P1000', 'amount_cent: amount_cent is whole cents: 1000 for 10,00 €'],
      ]);
    });

    it('takes amount_eur in the file’s way of writing numbers, at most two decimals', () => {
      const header = GERMAN_HEADER.replace('amount_cent', 'amount_eur');
      const file = checkBulkFile(
        'charges',
        [header, line('10,00'), line('10.5'), line('7'), line('1.000,00'), line('0,295'), line('1.000')].join(
          '\n',
        ),
      );
      // A ; file writes German numbers: "1.000" is one thousand euros, "10.5" is neither way.
      expect(file.rows.map((row) => row.values.amount_cent)).toEqual([1000, 700, 100_000, 100_000]);
      expect(file.problems.map((problem) => [problem.row, problem.column])).toEqual([
        [3, 'amount_eur'],
        [6, 'amount_eur'],
      ]);
      expect(file.problems[0]!.message).toMatch(/^amount_eur is euros with at most two decimals/);
    });

    it('wants exactly one amount column, and says which is missing or why both is refused', () => {
      expect(checkBulkHeader('charges', CHARGE_HEADER.split(',')).amount).toBeNull();
      const both = checkBulkFile(
        'charges',
        `${CHARGE_HEADER},amount_eur\nP1,C1,credit,1000,true,normal,2026-01-31,x,10\n`,
      );
      expect(both.amountColumns).toBe('both');
      expect(both.rows).toEqual([]);
      const neither = checkBulkFile(
        'charges',
        `${CHARGE_HEADER.replace(',amount_cent', '')}\nP1,C1,credit,true,normal,2026-01-31,x\n`,
      );
      expect(neither.amountColumns).toBe('missing');
      expect(neither.missingColumns).toEqual([]);
      expect(checkBulkHeader('migrations', ['user_id']).amount).toBeNull();
    });
  });

  it('flags a conflicting duplicate input_id within the file before anything is sent', () => {
    const file = checkBulkFile(
      'charges',
      [
        `${CHARGE_HEADER},input_id`,
        'P1,C1,credit,100,true,normal,2026-01-31,x,same',
        'P1,C1,credit,999999,true,normal,2026-01-31,x,same',
        'P1,C1,credit,100,true,normal,2026-01-31,x,same',
        'P1,C2,credit,5,true,normal,2026-01-31,x,same',
      ].join('\n'),
    );
    expect(file.rows.map((row) => row.row)).toEqual([2, 4, 5]);
    expect(file.problems).toEqual([
      {
        row: 3,
        column: 'input_id',
        message:
          'Row 2 has the same input_id with other values (amount_cent): only one of them can be booked.',
      },
    ]);
    expect(file.invalid).toEqual([
      {
        row: 3,
        user_id: 'P1',
        contract_id: 'C1',
        input_id: 'same',
        message:
          'input_id: Row 2 has the same input_id with other values (amount_cent): only one of them can be booked.',
      },
    ]);
  });

  it('derives the generated input_id from the content alone: same row, same id, whatever the key order', () => {
    expect(canonicalRowContent({ b: 1, a: { d: 2, c: undefined }, input_id: 'x' })).toBe(
      '{"a":{"d":2},"b":1}',
    );
    const id = generatedInputId('ab'.repeat(32), 2);
    expect(id).toBe(`bulk-${'ab'.repeat(16)}-2`);
    expect(id.length).toBeLessThanOrEqual(128);
    expect(id).not.toContain('__');
  });

  it('takes the invalid rows with the rows to send; row numbers unique over both', () => {
    const row = { row: 1, values: {} };
    const parse = (invalid: unknown) =>
      bulkCampaignRequestSchema.safeParse({ kind: 'charges', fileName: 'a.csv', rows: [row], invalid });
    expect(parse([{ row: 2, message: 'amount_cent: …' }]).success).toBe(true);
    expect(parse(undefined).data?.invalid).toEqual([]);
    expect(parse([{ row: 1, message: 'x' }]).error?.issues[0]?.message).toBe(
      'Row 1 is given twice: each row once.',
    );
    expect(parse([{ row: 10_002, message: 'x' }]).success).toBe(false);
    expect(parse([{ row: 2 }]).success).toBe(false);
  });
});
