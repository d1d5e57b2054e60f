import { describe, expect, it } from 'vitest';
import { nextStep, settleExisting, type AttemptedRow, type RetryPolicy } from './row-outcome.ts';
import type { PlatformAnswer } from '../platform/platform-client.ts';

const policy: RetryPolicy = { backoffBaseMs: 1000, backoffMaxMs: 60_000, retryWindowMs: 2 * 3_600_000 };
const T0 = Date.parse('2026-11-23T10:00:00Z');
const MINUTE = 60_000;
const fresh: AttemptedRow = { attempts: 1, unanswered: false, failingSince: null };
const noAnswer: PlatformAnswer = {
  status: 0,
  body: { detail: 'did not answer in time' },
  mayHaveArrived: true,
};
const unreachable: PlatformAnswer = {
  status: 0,
  body: { detail: 'cannot be reached' },
  mayHaveArrived: false,
};
const duplicate: PlatformAnswer = {
  status: 400,
  body: { input_id: ['A charge or credit with this input_id already exists for this contract.'] },
  mayHaveArrived: true,
};

describe('the next step for a bulk row', () => {
  it('keeps a row whose answer never came open, to be sent again, and remembers it may be booked', () => {
    const step = nextStep('charges', fresh, noAnswer, T0, policy);
    expect(step).toMatchObject({ kind: 'retry', at: T0 + 1000, unanswered: true, failingSince: T0 });
  });

  it('takes the duplicate answer to a re-sent row as the confirmation that it was booked', () => {
    const resent = { attempts: 2, unanswered: true, failingSince: new Date(T0) };
    const step = nextStep('charges', resent, duplicate, T0 + MINUTE, policy);
    expect(step).toMatchObject({ kind: 'settle', outcome: 'created' });
    expect(step.kind === 'settle' && step.message).toMatch(/earlier attempt/);
    // Without an earlier unanswered attempt: settled by what the console sent before (settleExisting).
    expect(nextStep('charges', fresh, duplicate, T0, policy)).toEqual({
      kind: 'exists',
      message: 'input_id: A charge or credit with this input_id already exists for this contract.',
    });
  });

  it('sends again through an outage of an hour, backing off to once a minute', () => {
    const row = { attempts: 40, unanswered: true, failingSince: new Date(T0) };
    const step = nextStep('charges', row, noAnswer, T0 + 59 * MINUTE, policy);
    expect(step).toMatchObject({ kind: 'retry', at: T0 + 60 * MINUTE, unanswered: true });
    expect(nextStep('charges', row, unreachable, T0 + 90 * MINUTE, policy)).toMatchObject({
      kind: 'retry',
      unanswered: true,
    });
  });

  it('settles as unknown, never failed, a row that may have arrived when the window is over', () => {
    const row = { attempts: 130, unanswered: true, failingSince: new Date(T0) };
    const step = nextStep('charges', row, unreachable, T0 + 121 * MINUTE, policy);
    expect(step).toMatchObject({ kind: 'settle', outcome: 'unknown' });
    expect(step.kind === 'settle' && step.message).toMatch(/may be booked/);
  });

  it('settles as failed a row no attempt can have delivered', () => {
    const row = { attempts: 130, unanswered: false, failingSince: new Date(T0) };
    expect(nextStep('charges', row, unreachable, T0 + 121 * MINUTE, policy)).toMatchObject({
      kind: 'settle',
      outcome: 'failed',
    });
  });

  it('counts 500, 502 and 504 as possibly booked, 503, 429 and 401 as not taken', () => {
    const answer = (status: number): PlatformAnswer => ({ status, body: null, mayHaveArrived: true });
    for (const status of [500, 502, 504])
      expect(nextStep('charges', fresh, answer(status), T0, policy), String(status)).toMatchObject({
        kind: 'retry',
        unanswered: true,
      });
    for (const status of [503, 429, 401])
      expect(nextStep('charges', fresh, answer(status), T0, policy), String(status)).toMatchObject({
        kind: 'retry',
        unanswered: false,
      });
    expect(nextStep('charges', fresh, answer(400), T0, policy)).toMatchObject({ outcome: 'refused' });
  });

  it('settles an existing input_id by what the console sent under it before: same, other values, never', () => {
    const row = {
      body: { amount_cent: 999999, input_id: 'x', display_name: 'Bonus' },
      userId: 'P1',
      contractId: 'C1',
    };
    const earlier = {
      campaignId: '0123456789abcdef',
      fileName: 'bonus.csv',
      row: 1,
      body: { amount_cent: 100, input_id: 'x', display_name: 'Bonus' },
      userId: 'P1',
      contractId: 'C1',
    };
    const bonusRow1 = { fileName: 'bonus.csv', campaign: '01234567', row: 1 };
    expect(settleExisting(row, earlier, 'exists')).toEqual({
      kind: 'settle',
      outcome: 'conflict',
      message:
        'Booked before with other values (amount_cent) by campaign bonus.csv (01234567), row 1: not booked again.',
      notice: { code: 'booked_with_other_values', fields: ['amount_cent'], by: bonusRow1 },
    });
    expect(settleExisting({ ...row, body: earlier.body }, earlier, 'exists')).toEqual({
      kind: 'settle',
      outcome: 'skipped',
      message: 'Already booked by campaign bonus.csv (01234567), row 1.',
      notice: { code: 'already_booked', by: bonusRow1 },
    });
    expect(settleExisting(row, null, 'A charge with this input_id exists.')).toEqual({
      kind: 'settle',
      outcome: 'skipped',
      review: true,
      message:
        'Exists on the platform, not booked by the console: check it. The platform: A charge with this input_id exists.',
      notice: { code: 'exists_not_by_console', platform: 'A charge with this input_id exists.' },
    });
  });
});
