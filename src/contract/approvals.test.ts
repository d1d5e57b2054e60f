import { describe, expect, it } from 'vitest';
import { REJECT_REASON_MAX_LENGTH, REJECT_REASON_MESSAGES, rejectRequestSchema } from './approvals.ts';

const reasonProblem = (reason: string) => {
  const checked = rejectRequestSchema.safeParse({ reason });
  return checked.success ? null : checked.error.issues[0]?.message;
};

describe('the reject reason’s rule (the BFF’s route schema and the console’s form)', () => {
  it('requires something besides spaces', () => {
    expect(reasonProblem('   ')).toBe(REJECT_REASON_MESSAGES.missing);
  });

  it('keeps at most the limit, counted after trimming', () => {
    expect(reasonProblem(` ${'x'.repeat(REJECT_REASON_MAX_LENGTH)} `)).toBeNull();
    expect(reasonProblem('x'.repeat(REJECT_REASON_MAX_LENGTH + 1))).toBe(REJECT_REASON_MESSAGES.tooLong);
  });

  it('sends the reason trimmed', () => {
    expect(rejectRequestSchema.parse({ reason: '  Wrong contract. ' })).toEqual({
      reason: 'Wrong contract.',
    });
  });
});
