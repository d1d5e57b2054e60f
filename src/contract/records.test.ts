import { describe, expect, it } from 'vitest';
import { exampleCharge } from './testing/examples.ts';
import {
  bookingTotalsByYear,
  consolePathSchema,
  foldSearchText,
  holdsBankData,
  maskBankData,
  maskForViewer,
  maskToYear,
  maskIban,
  migrationSubjectName,
  nameAddressKey,
  queryWords,
  recordOutcome,
  reversalOf,
  searchTerms,
  type ConsoleRecord,
} from './records.ts';

const booking = (sent: object, outcome: ConsoleRecord['outcome'] = 'created'): ConsoleRecord => ({
  id: '1',
  operation: 'charges',
  source: 'single',
  source_id: null,
  user_id: 'P1000',
  contract_id: 'C1000',
  input_id: 'x',
  technical_resource_id: null,
  sent,
  upstream_status: 201,
  upstream_body: null,
  outcome,
  recorded_by: 'olga',
  recorded_by_display_name: null,
  recorded_at: '2026-11-23T10:00:00.000Z',
  duplicate_of: [],
  duplicate_acknowledged: false,
  bank_data_masked: false,
  approval: null,
});

describe('search text', () => {
  it('folds case, accents, umlauts and ß so "muller" finds "Müller"', () => {
    expect(foldSearchText('  Jörg   MÜLLER ')).toBe('jorg muller');
    expect(foldSearchText('Straße')).toBe('strasse');
    expect(foldSearchText('Élodie')).toBe('elodie');
  });

  it('gives each word, its parts and the German spelling of umlauts as terms', () => {
    expect(searchTerms('Jörg Müller', 'K-100234')).toEqual(
      expect.arrayContaining(['jorg', 'joerg', 'muller', 'mueller', 'k-100234', 'k', '100234']),
    );
    expect(searchTerms(null, undefined, '')).toEqual([]);
  });

  it('reads query words without the punctuation around them, and folds ł, ø, æ', () => {
    expect(queryWords('Müller, Jörg (K-1), hauptstr.')).toEqual(['muller', 'jorg', 'k-1', 'hauptstr']);
    expect(searchTerms('Łukasz Ørsted Søren Æbelø')).toEqual(
      expect.arrayContaining(['lukasz', 'orsted', 'soren', 'aebelo']),
    );
    expect(searchTerms('Jörg\u0000Müller').join(' ')).not.toContain('\u0000');
    expect(queryWords('x'.repeat(100))[0]).toHaveLength(64);
  });

  it('takes at most eight distinct words of a query', () => {
    expect(queryWords('Müller  müller K-1')).toEqual(['muller', 'k-1']);
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('bank data for viewers', () => {
  it('masks an IBAN to its country, check digits and last four characters', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• 3000');
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('DE89 •••• 3000');
    expect(maskIban('DE8')).toBe('••••');
  });

  it('masks every bank field of a body and leaves the rest', () => {
    expect(
      maskBankData({
        last_name: 'Müller',
        bank_data_iban: 'DE89370400440532013000',
        bank_data_bic: 'COBADEFFXXX',
      }),
    ).toEqual({ last_name: 'Müller', bank_data_iban: 'DE89 •••• 3000', bank_data_bic: '••••' });
    const plain = { last_name: 'Müller', public_note: 'DE8' };
    expect(maskBankData(plain)).toBe(plain);
  });

  it('masks bank data at any depth: members named like it, and IBANs inside any text', () => {
    expect(
      maskBankData({
        product_specifics: { payer_iban: 'DE89370400440532013000' },
        bank_data_iban: ['DE89370400440532013000 is not valid'],
        detail: 'The IBAN DE89 3704 0044 0532 0130 00 is blocked.',
        contract_relationships: [{ payment: { iban: 'AT611904300234573201' } }],
      }),
    ).toEqual({
      product_specifics: { payer_iban: 'DE89 •••• 3000' },
      bank_data_iban: ['DE89 •••• 3000 is not valid'],
      detail: 'The IBAN DE89 •••• 3000 is blocked.',
      contract_relationships: [{ payment: { iban: 'AT61 •••• 3201' } }],
    });
    expect(maskIban('DE891234')).toBe('••••');
  });

  it('masks the bank account by field however the value was typed, and a field error about it too', () => {
    expect(
      maskForViewer({
        bank_data_iban: 'nl91 abna 0417 1643 00',
        bank_data_bic: 'abnanl2a',
        bank_data_first_name: 'Jörg',
        bank_data_last_name: 'Müller Meier',
        last_name: 'Müller',
      }),
    ).toEqual({
      bank_data_iban: 'NL91 •••• 4300',
      bank_data_bic: '••••',
      bank_data_first_name: '••••',
      bank_data_last_name: '••••',
      last_name: 'Müller',
    });
    expect(maskIban('de89-3704-0044-0532-0130-00')).toBe('DE89 •••• 3000');
    expect(maskIban('not an iban at all, really')).toBe('••••');
    expect(maskBankData({ bank_data_iban: ['Enter a valid IBAN.'] })).toEqual({ bank_data_iban: ['••••'] });
    expect(maskBankData({ bank_data_iban: 12345678, bank_data_bic: { code: 'COBADEFF' } })).toEqual({
      bank_data_iban: '••••',
      bank_data_bic: { code: '••••' },
    });
    expect(maskBankData({ BANK_DATA_FIRST_NAME: 'Jörg' })).toEqual({ BANK_DATA_FIRST_NAME: '••••' });
  });

  it('masks a lower-case IBAN inside other text only when its check digits hold', () => {
    expect(maskBankData({ detail: 'IBAN nl91 abna 0417 1643 00 is blocked' })).toEqual({
      detail: 'IBAN NL91 •••• 4300 is blocked',
    });
    const notAnIban = { input_id: 'ab12cdefghijklmnop' };
    expect(maskBankData(notAnIban)).toBe(notAnIban);
  });

  it('shows a viewer only the year of a birthday, and leaves it to bank-data checks', () => {
    expect(maskForViewer({ birthday: '1980-03-12', first_name: 'Jörg' })).toEqual({
      birthday: '1980',
      first_name: 'Jörg',
    });
    expect(maskToYear('12.03.1980')).toBe('1980');
    expect(maskToYear('12031980x')).toBe('••••');
    expect(maskForViewer({ birthday: 19800312 })).toEqual({ birthday: '••••' });
    const withBirthday = { birthday: '1980-03-12' };
    expect(holdsBankData(withBirthday)).toBe(false);
    expect(maskBankData(withBirthday)).toBe(withBirthday);
  });
});

describe('bookings', () => {
  it('names the outcome by the platform status, no answer as unknown', () => {
    expect([201, 400, 502, null].map((status) => recordOutcome(status))).toEqual([
      'created',
      'refused',
      'unknown',
      'unknown',
    ]);
    // A retry refused as "already exists" after an unanswered attempt: the first one was stored.
    expect(recordOutcome(400, true)).toBe('created');
  });

  it('sums accepted bookings per year of due date and type, skipping refused ones', () => {
    const yearly = { ...exampleCharge, amount_cent: 1000, is_gross: true, vat_type: 'normal' as const };
    const totals = bookingTotalsByYear([
      booking({
        ...yearly,
        type_of_transaction: 'credit',
        due_date: '2026-12-01',
        no_of_executions: 2,
        execution_cycle: 'month',
      }),
      booking({ ...yearly, type_of_transaction: 'charge', due_date: '2026-05-01' }),
      booking({ ...yearly, type_of_transaction: 'charge', due_date: '2026-05-01' }, 'refused'),
    ]);
    expect(
      totals.map(({ year, type, executions, grossCent }) => ({ year, type, executions, grossCent })),
    ).toEqual([
      { year: 2027, type: 'credit', executions: 1, grossCent: 1000 },
      { year: 2026, type: 'charge', executions: 1, grossCent: 1000 },
      { year: 2026, type: 'credit', executions: 1, grossCent: 1000 },
    ]);
  });

  it('reverses a booking with the opposite type, same amounts and schedule, and input_id + -reversal', () => {
    const original = {
      ...exampleCharge,
      type_of_transaction: 'credit' as const,
      no_of_executions: 3,
      execution_cycle: 'month' as const,
    };
    const reversal = reversalOf(original, `Reversal of ${original.input_id} (booked 2026-11-23).`);
    expect(reversal).toMatchObject({
      type_of_transaction: 'charge',
      amount_cent: original.amount_cent,
      vat_type: original.vat_type,
      is_gross: original.is_gross,
      no_of_executions: 3,
      execution_cycle: 'month',
      input_id: `${original.input_id}-reversal`,
    });
    expect(reversal.explanation_text).toContain(`Reversal of ${original.input_id} (booked 2026-11-23).`);
  });
});

describe('duplicate keys', () => {
  const address = {
    deliv_address_zipcode: '10115',
    deliv_address_street: 'Hauptstraße',
    deliv_address_house_number: '5a',
  };

  it('compares names and streets folded: "Joerg"/"Jörg" aside, "Müller, Hauptstr. 5 A" equals "müller, Hauptstrasse 5a"', () => {
    expect(nameAddressKey({ first_name: 'Jörg', last_name: 'Müller', ...address })).toBe(
      nameAddressKey({
        first_name: 'jörg',
        last_name: 'MULLER',
        deliv_address_zipcode: '10115',
        deliv_address_street: 'Hauptstr.',
        deliv_address_house_number: '5 A',
      }),
    );
  });

  it('takes "Mueller" for "Müller", "Haupt-Str." for "Hauptstraße", "1-a" for "1a", "D-10115" for "10115"', () => {
    expect(nameAddressKey({ first_name: 'Jörg', last_name: 'Müller', ...address })).toBe(
      nameAddressKey({
        first_name: 'Joerg',
        last_name: 'Mueller',
        deliv_address_zipcode: 'D-10115',
        deliv_address_street: 'Haupt-Str.',
        deliv_address_house_number: '5-a',
      }),
    );
  });

  it('has no key without a name or a full address, and names a company before a person', () => {
    expect(nameAddressKey({ first_name: 'Jörg', last_name: 'Müller' })).toBeNull();
    expect(nameAddressKey(address)).toBeNull();
    expect(migrationSubjectName({ company_name: 'Sonnendach GmbH', first_name: 'Jörg' })).toBe(
      'Sonnendach GmbH',
    );
    expect(migrationSubjectName({ first_name: ' Jörg ', last_name: 'Müller' })).toBe('Jörg Müller');
  });
});

describe('links in search results and duplicates', () => {
  it('are paths of the console, never another site', () => {
    for (const url of ['/consumers/K-1', '/producers/P1000/contracts/C1000#booking-7'])
      expect(consolePathSchema.safeParse(url).success, url).toBe(true);
    for (const url of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
    ])
      expect(consolePathSchema.safeParse(url).success, url).toBe(false);
  });
});
