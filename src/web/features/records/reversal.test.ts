import { describe, expect, it } from 'vitest';
import { mayReverse, reversalSource, reversalStates, reversedOriginal } from './reversal.ts';
import { reverseParam } from './record-links.ts';
import { bookingRecord, consoleRecord, creditRequest } from './testing/records.ts';

describe('the reversal of a booking', () => {
  it('is the opposite type with the same amounts, executions and cycle, and the input ID plus -reversal', () => {
    const original = bookingRecord(
      '7',
      creditRequest('goodwill-1', { no_of_executions: 3, execution_cycle: 'month', category: 'goodwill' }),
      { recorded_at: '2026-11-20T09:30:00.000Z' },
    );
    const source = reversalSource(
      original,
      [original],
      (inputId) => `Reversal of ${inputId} (booked 2026-11-20).`,
    );
    expect(source).toEqual({
      ok: true,
      userId: 'P1000',
      contractId: 'C1000',
      original: { recordId: '7', inputId: 'goodwill-1', recordedAt: '2026-11-20T09:30:00.000Z' },
      request: {
        input_id: 'goodwill-1-reversal',
        type_of_transaction: 'charge',
        amount_cent: 1250,
        is_gross: true,
        vat_type: 'normal',
        due_date: '2026-12-01',
        display_name: 'Goodwill credit',
        no_of_executions: 3,
        execution_cycle: 'month',
        category: 'goodwill',
        explanation_text: 'Reversal of goodwill-1 (booked 2026-11-20).',
      },
    });
  });

  it('is refused for a record that is no booking, cannot be read, or booked nothing', () => {
    expect(
      reversalSource(consoleRecord({ id: '1', operation: 'consumer_migration', sent: {} }), [], String),
    ).toEqual({
      ok: false,
      problem: 'not-a-booking',
    });
    expect(reversalSource(consoleRecord({ id: '2', sent: { input_id: 'x' } }), [], String)).toEqual({
      ok: false,
      problem: 'unreadable',
    });
    expect(
      reversalSource(
        bookingRecord('3', creditRequest('refused-1'), { outcome: 'refused', upstream_status: 400 }),
        [],
        String,
      ),
    ).toEqual({ ok: false, problem: 'not-booked' });
    // Opened again, bookmarked or typed: the same rules as the button.
    const reversal = bookingRecord('5', { ...creditRequest('a-reversal'), type_of_transaction: 'charge' });
    expect(reversalSource(reversal, [reversal], String)).toEqual({ ok: false, problem: 'is-reversal' });
    const original = bookingRecord('6', creditRequest('a'));
    expect(reversalSource(original, [reversal, original], String)).toEqual({
      ok: false,
      problem: 'reversed',
    });
    expect(reversalSource(bookingRecord('4', creditRequest('x'), { contract_id: null }), [], String)).toEqual(
      {
        ok: false,
        problem: 'not-a-booking',
      },
    );
  });
});

describe('a booking already reversed', () => {
  const original = bookingRecord('1', creditRequest('a'));
  const other = bookingRecord('2', creditRequest('b'));

  it('is found by its booked reversal among the contract’s bookings, and offers no second one', () => {
    const reversal = bookingRecord('3', creditRequest('a-reversal', { type_of_transaction: 'charge' }));
    const states = reversalStates([reversal, other, original]);
    expect(states.get('1')).toEqual({ status: 'reversed', reversal });
    expect(states.has('2')).toBe(false);
    expect(mayReverse(original, states.get('1'))).toBe(false);
    expect(mayReverse(other, states.get('2'))).toBe(true);
    expect(reversedOriginal(reversal, [reversal, other, original])).toBe(original);
  });

  it('is not reversed by a refused reversal; one without an answer is said, and Reverse stays', () => {
    const refused = bookingRecord('3', creditRequest('a-reversal'), { outcome: 'refused' });
    expect(reversalStates([refused, original]).has('1')).toBe(false);
    const lost = bookingRecord('4', creditRequest('a-reversal'), {
      outcome: 'unknown',
      upstream_status: null,
    });
    const states = reversalStates([lost, refused, original]);
    expect(states.get('1')).toEqual({ status: 'unanswered', reversal: lost });
    expect(mayReverse(original, states.get('1'))).toBe(true);
  });

  it('prefers the booked reversal over one without an answer, whatever their order', () => {
    const lost = bookingRecord('4', creditRequest('a-reversal'), { outcome: 'unknown' });
    const booked = bookingRecord('5', creditRequest('a-reversal'));
    expect(reversalStates([lost, booked, original]).get('1')?.reversal).toBe(booked);
    expect(reversalStates([booked, lost, original]).get('1')?.reversal).toBe(booked);
  });

  it('offers no reversal of a refused booking, nor of a reversal', () => {
    expect(mayReverse(bookingRecord('9', creditRequest('z'), { outcome: 'refused' }), undefined)).toBe(false);
    expect(mayReverse(bookingRecord('10', creditRequest('z-reversal')), undefined)).toBe(false);
  });
});

describe("the charges form's address for a reversal", () => {
  it('carries the record number as a number, so it reads ?reverse=42, and a number too large for one as text', () => {
    expect(reverseParam('42')).toBe(42);
    expect(reverseParam('123456789012345678')).toBe('123456789012345678');
  });
});
