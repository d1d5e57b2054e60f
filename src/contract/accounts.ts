import { z } from 'zod/mini';

/*
 * Shapes of the account routes (issue 31) the console reads and sends: apart from bff-api.ts so the first
 * download does not carry them (zod schemas built at module level are kept by the bundler even unused).
 */

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password.';
export const REPEATED_PASSWORD_DIFFERS = 'The two new passwords differ: type the same one twice.';

/**
 * `POST /bff/password`: the signed-in person changes their own password. The current password is left out only
 * by a session that has just signed in with a temporary one and must replace it (issue 42: asking for the
 * password just typed proved nothing); every other change needs it.
 */
export const changePasswordRequestSchema = z.object({
  current_password: z.optional(
    z.string().check(z.minLength(1, { message: CURRENT_PASSWORD_REQUIRED }), z.maxLength(256)),
  ),
  new_password: z.string().check(z.maxLength(256, { message: 'Use at most 256 characters.' })),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The change form: the new password typed twice, so a typo does not lock its owner out. */
export const changePasswordFormSchema = z
  .extend(changePasswordRequestSchema, { repeat_new_password: z.string().check(z.maxLength(256)) })
  .check(
    z.refine((values) => values.new_password === values.repeat_new_password, {
      path: ['repeat_new_password'],
      message: REPEATED_PASSWORD_DIFFERS,
    }),
  );
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** `POST /bff/users/{username}/password-reset`: shown once to the admin, never stored in clear. */
export const passwordResetSchema = z.object({ temporary_password: z.string() });

/** `GET /bff/sessions`: where someone is signed in. */
export const staffSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  /** The session that asked. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
