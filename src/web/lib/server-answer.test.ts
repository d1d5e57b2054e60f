import { describe, expect, it } from 'vitest';
import { mapServerAnswer } from './server-answer.ts';

const known = (name: string) =>
  ['first_name', 'bank_data_iban', 'contract_relationships.0.valid_from'].includes(name);

describe('mapServerAnswer', () => {
  it('puts field errors on their fields, rows by dotted path', () => {
    expect(
      mapServerAnswer(
        400,
        {
          first_name: ['This field may not be blank.'],
          'contract_relationships.0.valid_from': ['Date has wrong format.'],
        },
        known,
      ),
    ).toEqual({
      fieldErrors: [
        { name: 'first_name', message: 'This field may not be blank.' },
        { name: 'contract_relationships.0.valid_from', message: 'Date has wrong format.' },
      ],
      summary: [],
    });
  });

  it('sends {detail}, non-field errors and unknown field names to the summary', () => {
    expect(
      mapServerAnswer(
        400,
        {
          detail: 'A consumer with this user ID has already been migrated.',
          non_field_errors: ['Something about the whole form.'],
          salespartner: ['A salespartner context has to be set.'],
        },
        known,
      ),
    ).toEqual({
      fieldErrors: [],
      summary: [
        { message: 'A consumer with this user ID has already been migrated.' },
        { message: 'Something about the whole form.' },
        { message: 'salespartner: A salespartner context has to be set.' },
      ],
    });
  });

  it('says plainly that nothing was saved on 5xx, 502 and 504', () => {
    for (const status of [500, 502, 503, 504]) {
      const { fieldErrors, summary } = mapServerAnswer(status, { detail: 'upstream' }, known);
      expect(fieldErrors).toEqual([]);
      expect(summary).toHaveLength(1);
      expect(summary[0]!.message).toContain('Nothing was saved');
      expect(summary[0]!.message).toContain('send the form again');
    }
    expect(mapServerAnswer(504, null, known).summary[0]!.message).toContain('took too long');
    expect(mapServerAnswer(502, null, known).summary[0]!.message).toContain('could not be reached');
  });

  it('explains 403 and 413, and never returns nothing', () => {
    expect(mapServerAnswer(403, { detail: 'x' }, known).summary[0]!.message).toContain('operator or admin');
    expect(mapServerAnswer(413, null, known).summary[0]!.message).toContain('too large');
    expect(mapServerAnswer(400, 'plain text', known).summary[0]!.message).toContain('Nothing was saved');
  });
});
