import { describe, expect, it } from 'vitest';
import { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS, SessionStore } from './session-store.ts';
import {
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_USER,
  SignInThrottle,
  WINDOW_MS,
} from './sign-in-throttle.ts';

describe('SessionStore', () => {
  it('ends a session after 30 idle minutes', () => {
    let now = 0;
    const sessions = new SessionStore(() => now);
    const { id } = sessions.create('olga', 'operator');
    now += IDLE_TIMEOUT_MS - 1;
    expect(sessions.touch(id)).not.toBeNull();
    now += IDLE_TIMEOUT_MS + 1;
    expect(sessions.touch(id)).toBeNull();
    expect(sessions.touch(id)).toBeNull();
  });

  it('ends an active session after 12 hours', () => {
    let now = 0;
    const sessions = new SessionStore(() => now);
    const { id } = sessions.create('olga', 'operator');
    while (now + 20 * 60_000 <= ABSOLUTE_LIFETIME_MS) {
      now += 20 * 60_000;
      expect(sessions.touch(id)).not.toBeNull();
    }
    now = ABSOLUTE_LIFETIME_MS + 1;
    expect(sessions.touch(id)).toBeNull();
  });

  it('destroys sessions by id and by user, and gives each sign-in a new random id', () => {
    const sessions = new SessionStore();
    const first = sessions.create('olga', 'operator');
    const second = sessions.create('olga', 'operator');
    const other = sessions.create('victor', 'viewer');
    expect(first.id).not.toBe(second.id);
    expect(first.id).toMatch(/^[\w-]{43}$/);
    sessions.destroy(first.id);
    expect(sessions.touch(first.id)).toBeNull();
    sessions.destroyUser('olga');
    expect(sessions.touch(second.id)).toBeNull();
    expect(sessions.touch(other.id)).not.toBeNull();
    expect(sessions.touch(undefined)).toBeNull();
  });
});

describe('SignInThrottle', () => {
  it('blocks a username after 5 failures for the rest of the window, from any address', () => {
    let now = 0;
    const throttle = new SignInThrottle(() => now);
    for (let i = 0; i < MAX_FAILURES_PER_USER; i++) {
      expect(throttle.retryAfterSeconds('Olga', `10.0.0.${i}`)).toBe(0);
      throttle.recordFailure('Olga', `10.0.0.${i}`);
    }
    expect(throttle.retryAfterSeconds('olga', '10.0.0.99')).toBe(WINDOW_MS / 1000);
    now += WINDOW_MS / 2;
    expect(throttle.retryAfterSeconds('olga', '10.0.0.99')).toBe(WINDOW_MS / 2000);
    now += WINDOW_MS / 2 + 1;
    expect(throttle.retryAfterSeconds('olga', '10.0.0.99')).toBe(0);
  });

  it('blocks an address spraying many usernames', () => {
    const throttle = new SignInThrottle(() => 0);
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) throttle.recordFailure(`user${i}`, '10.0.0.1');
    expect(throttle.retryAfterSeconds('someone-else', '10.0.0.1')).toBeGreaterThan(0);
    expect(throttle.retryAfterSeconds('someone-else', '10.0.0.2')).toBe(0);
  });

  it("forgets a username's failures after a successful sign-in", () => {
    const throttle = new SignInThrottle(() => 0);
    for (let i = 0; i < MAX_FAILURES_PER_USER - 1; i++) throttle.recordFailure('olga', '10.0.0.1');
    throttle.recordSuccess('olga');
    throttle.recordFailure('olga', '10.0.0.1');
    expect(throttle.retryAfterSeconds('olga', '10.0.0.3')).toBe(0);
  });
});
