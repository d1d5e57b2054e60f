import { describe, expect, it } from 'vitest';
import { isDuplicateAnswer } from './duplicate-answer.ts';

describe('the platform’s duplicate answers', () => {
  it('recognises each write’s “exists already” refusal, and nothing else', () => {
    expect(
      isDuplicateAnswer('charge', 400, {
        input_id: ['A charge or credit with this input_id already exists for this contract.'],
      }),
    ).toBe(true);
    expect(isDuplicateAnswer('charge', 400, { input_id: ['x'], amount_cent: ['y'] })).toBe(false);
    // The same field refused for its format booked nothing.
    expect(isDuplicateAnswer('charge', 400, { input_id: ['Null characters are not allowed.'] })).toBe(false);
    expect(
      isDuplicateAnswer('consumer_migration', 400, {
        detail: 'A consumer with this user ID has already been migrated.',
      }),
    ).toBe(true);
    expect(
      isDuplicateAnswer('technical_resource', 400, {
        technical_resource_id: ['A technical resource with this technical_resource_id already exists.'],
      }),
    ).toBe(true);
    expect(
      isDuplicateAnswer('technical_resource', 400, { technical_resource_id: ['Wrong check digit.'] }),
    ).toBe(false);
    expect(isDuplicateAnswer('charge', 201, { input_id: ['x'] })).toBe(false);
    expect(isDuplicateAnswer('consumer_migration', 500, { detail: 'already' })).toBe(false);
  });
});
