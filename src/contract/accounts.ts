import { z } from 'zod';

/*
 * Shapes of the account routes (issue 31) the console reads and sends: apart from bff-api.ts so the first
 * download does not carry them (zod schemas built at module level are kept by the bundler even unused).
 */

/** `POST /bff/password`: the signed-in person changes their own password. */
export const changePasswordRequestSchema = z.object({
  current_password: z.string().min(1, { message: 'Enter your current password.' }).max(256),
  new_password: z.string().max(256, { message: 'Use at most 256 characters.' }),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `POST /bff/users/{username}/password-reset`: shown once to the admin, never stored in clear. */
export const passwordResetSchema = z.object({ temporary_password: z.string() });

/** `GET /bff/sessions`: where someone is signed in. */
export const staffSessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session that asked. */
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
