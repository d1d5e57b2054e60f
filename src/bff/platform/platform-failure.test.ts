import { errors } from 'undici';
import { describe, expect, it } from 'vitest';
import { classifyFailure, PlatformFailure } from './platform-failure.ts';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('what a failed exchange with the platform means', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED'), 'unreachable', false],
    ['an unknown host', withCode('ENOTFOUND'), 'unreachable', false],
    ['a connect timeout', new errors.ConnectTimeoutError(), 'unreachable', false],
    [
      'a refused connection as the cause',
      Object.assign(new Error('fetch failed'), { cause: withCode('ECONNREFUSED') }),
      'unreachable',
      false,
    ],
    ['a reset connection', withCode('ECONNRESET'), 'broken', true],
    ['a socket closed mid-answer', new errors.SocketError('other side closed'), 'broken', true],
    ['a TCP timeout on a connected socket', withCode('ETIMEDOUT'), 'timeout', true],
    ['a headers timeout', new errors.HeadersTimeoutError(), 'timeout', true],
  ] as const)('%s: %s, may have arrived: %s', (_, error, reason, mayHaveArrived) => {
    const failure = classifyFailure(error, false);
    expect(failure.reason).toBe(reason);
    expect(failure.mayHaveArrived).toBe(mayHaveArrived);
  });

  it('is a timeout whatever the error once the deadline passed', () => {
    expect(classifyFailure(withCode('ECONNRESET'), true).reason).toBe('timeout');
  });

  it('keeps a failure already classified (no token, credentials refused: nothing done)', () => {
    for (const reason of ['no_token', 'credentials_refused'] as const) {
      const failure = classifyFailure(new PlatformFailure(reason), false);
      expect(failure.reason).toBe(reason);
      expect(failure.mayHaveArrived).toBe(false);
    }
  });
});
