import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  changePasswordRequestSchema,
  CURRENT_PASSWORD_REQUIRED,
  REPEATED_PASSWORD_DIFFERS,
  staffSessionSchema,
} from './accounts.ts';
import { decisionsForMeSchema, decisionsSeenSchema } from './approval-decisions.ts';

describe('account shapes', () => {
  it('changes a password without the current one only when it is left out, not when it is empty', () => {
    expect(changePasswordRequestSchema.safeParse({ new_password: 'a new one' }).success).toBe(true);
    expect(
      changePasswordRequestSchema.safeParse({ current_password: '', new_password: 'a new one' }).error
        ?.issues[0]?.message,
    ).toBe(CURRENT_PASSWORD_REQUIRED);
  });

  it('refuses a change form whose new password was typed differently the second time, at the repeat', () => {
    const form = { current_password: 'old', new_password: 'a new one', repeat_new_password: 'a new on' };
    const issue = changePasswordFormSchema.safeParse(form).error?.issues[0];
    expect(issue).toMatchObject({ path: ['repeat_new_password'], message: REPEATED_PASSWORD_DIFFERS });
    expect(changePasswordFormSchema.safeParse({ ...form, repeat_new_password: 'a new one' }).success).toBe(
      true,
    );
  });

  it('describes a session with its browser and address, either of which may be unknown', () => {
    const session = {
      id: 'a',
      created_at: '2026-11-28T08:00:00Z',
      last_seen_at: '2026-11-28T09:00:00Z',
      user_agent: null,
      ip: null,
      current: true,
    };
    expect(staffSessionSchema.parse(session)).toEqual(session);
  });

  it('counts a requester’s unseen decisions and says when they last looked, with an offset', () => {
    expect(decisionsForMeSchema.parse({ unseen: 2, seen_at: null })).toEqual({ unseen: 2, seen_at: null });
    expect(decisionsForMeSchema.safeParse({ unseen: -1, seen_at: null }).success).toBe(false);
    expect(
      decisionsSeenSchema.safeParse({ seen_at: '2026-11-28T09:00:00+01:00', previously_seen_at: null })
        .success,
    ).toBe(true);
    expect(decisionsSeenSchema.safeParse({ seen_at: '28.11.2026', previously_seen_at: null }).success).toBe(
      false,
    );
  });
});
