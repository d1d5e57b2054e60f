import { describe, expect, it } from 'vitest';
import { answerProblems } from './answer-problems.ts';

describe("the platform's refusal as a list", () => {
  it('puts detail and non-field errors on the whole request', () => {
    expect(answerProblems({ detail: 'Not found.', non_field_errors: ['Duplicate.'] })).toEqual([
      { field: null, message: 'Not found.' },
      { field: null, message: 'Duplicate.' },
    ]);
  });

  it('keeps each field error on its field, rows by dotted path', () => {
    expect(
      answerProblems({
        bank_data_iban: ['IBAN check digit validation failed', 'Second.'],
        contract_relationships: [{}, { valid_from: ['This field is required.'] }],
      }),
    ).toEqual([
      { field: 'bank_data_iban', message: 'IBAN check digit validation failed' },
      { field: 'bank_data_iban', message: 'Second.' },
      { field: 'contract_relationships.1.valid_from', message: 'This field is required.' },
    ]);
  });

  it('lists nothing for a body that is no refusal, and a plain text answer as it came', () => {
    expect(answerProblems(null)).toEqual([]);
    expect(answerProblems({ count: 3 })).toEqual([]);
    expect(answerProblems('Bad Gateway')).toEqual([{ field: null, message: 'Bad Gateway' }]);
  });
});
