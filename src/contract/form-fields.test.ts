import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { chargeFormSchema } from './api/charges.ts';
import { formFieldsOf } from './form-fields.ts';

describe('the fields of a form schema', () => {
  it('are read off the schema with their kinds and whether it requires them', () => {
    const fields = formFieldsOf(chargeFormSchema);
    const field = (name: string) => fields.find((entry) => entry.name === name);
    expect(fields[0]?.name).toBe('user_id');
    expect(field('amount_cent')).toEqual({
      name: 'amount_cent',
      kind: 'number',
      required: true,
      rowFields: [],
    });
    expect(field('is_gross')?.kind).toBe('boolean');
    expect(field('execution_cycle')).toMatchObject({ kind: 'text', required: false });
  });

  it('see through wrappers and transforms, and name the fields of a list row', () => {
    const schema = z.pipe(
      z.object({
        note: z._default(z.nullable(z.string()), ''),
        rows: z.optional(z.array(z.object({ at: z.string(), count: z.int() }))),
        extra: z.record(z.string(), z.unknown()),
      }),
      z.transform((value) => value),
    );
    expect(formFieldsOf(schema)).toEqual([
      { name: 'note', kind: 'text', required: false, rowFields: [] },
      { name: 'rows', kind: 'list', required: false, rowFields: ['at', 'count'] },
      { name: 'extra', kind: 'json', required: true, rowFields: [] },
    ]);
  });

  it('refuse a kind of field no form or file reads yet, and a schema that is not an object', () => {
    expect(() => formFieldsOf(z.object({ when: z.date() }))).toThrow('The field when is a date');
    expect(() => formFieldsOf(z.string())).toThrow('A form schema is an object, not string.');
  });
});
