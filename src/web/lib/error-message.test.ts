import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message.ts';

describe('errorMessage', () => {
  it('is an Error’s own message', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
  });
  it('is the text of a thrown value that is not an Error', () => {
    expect(errorMessage('aborted')).toBe('aborted');
  });
});
