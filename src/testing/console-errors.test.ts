import { describe, expect, it } from 'vitest';
import { expectConsoleError, takeConsoleErrorFailures } from './console-errors.ts';

describe('console.error in a test', () => {
  it('is a failure unless the test expects it, naming what was logged', () => {
    console.error('the handler swallowed:', new Error('disk full'));
    expect(takeConsoleErrorFailures('here')?.message).toMatch(
      /console\.error was called 1× here[\s\S]*the handler swallowed: Error: disk full/,
    );
    expect(takeConsoleErrorFailures('here')).toBeNull();
  });

  it('is allowed when expected, and an expected error that never comes is a failure', () => {
    expectConsoleError(/disk full/);
    console.error('disk full');
    console.error('disk full again');
    expect(takeConsoleErrorFailures('here')).toBeNull();
    expectConsoleError(/never logged/);
    expect(takeConsoleErrorFailures('here')?.message).toMatch(
      /expected console\.error never came: \/never logged\//,
    );
  });
});
