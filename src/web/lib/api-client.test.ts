import { describe, expect, it } from 'vitest';
import { describeFailure } from './api-client.ts';

describe('describeFailure', () => {
  it('shows the platform detail verbatim', () => {
    expect(describeFailure(400, { detail: 'check digit validation failed' })).toBe(
      'check digit validation failed',
    );
  });

  it('lists field errors with their field', () => {
    expect(
      describeFailure(400, {
        amount_cent: ['Ensure this value is greater than or equal to 0.'],
        input_id: ['a', 'b'],
      }),
    ).toBe('amount_cent: Ensure this value is greater than or equal to 0. input_id: a input_id: b');
  });

  it('explains an unreachable platform and anything else by status', () => {
    expect(describeFailure(504, null)).toMatch(/not answering/);
    expect(describeFailure(502, '<html>')).toMatch(/not answering/);
    expect(describeFailure(500, 'oops')).toBe('The request failed (HTTP 500).');
  });
});
