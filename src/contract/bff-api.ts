import { z } from 'zod';

/** The BFF's own endpoints (product.md "BFF"): shared by the BFF and the SPA. */
export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ENVIRONMENTS = ['sandbox', 'test', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const CSRF_HEADER = 'x-csrf';
export const MIN_PASSWORD_LENGTH = 12;

export const usernameSchema = z
  .string()
  .min(2, { message: 'Use at least 2 characters.' })
  .max(64, { message: 'Use at most 64 characters.' })
  .regex(/^[a-z0-9][a-z0-9._-]*$/, {
    message: 'Use lower-case letters, digits, dots, hyphens and underscores.',
  });

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { message: `Use at least ${MIN_PASSWORD_LENGTH} characters.` })
  .max(256, { message: 'Use at most 256 characters.' });

export const loginRequestSchema = z.object({
  username: z.string().min(1, { message: 'Enter your username.' }).max(64),
  password: z.string().min(1, { message: 'Enter your password.' }).max(256),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionUserSchema = z.object({
  username: z.string(),
  role: z.enum(ROLES),
  environment: z.enum(ENVIRONMENTS),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const environmentInfoSchema = z.object({ environment: z.enum(ENVIRONMENTS) });

export const createUserRequestSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  role: z.enum(ROLES),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z.object({
  role: z.enum(ROLES).optional(),
  disabled: z.boolean().optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const staffUserSchema = z.object({
  username: z.string(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const auditEntrySchema = z.object({
  time: z.string(),
  requestId: z.string(),
  username: z.string().nullable(),
  role: z.enum(ROLES).nullable(),
  operation: z.string(),
  method: z.string(),
  path: z.string(),
  targets: z.record(z.string(), z.string()),
  status: z.int(),
  durationMs: z.number(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** What each role may do; the BFF enforces it, the SPA only hides what would be refused. */
export function canWrite(role: Role): boolean {
  return role === 'operator' || role === 'admin';
}

export function canAdminister(role: Role): boolean {
  return role === 'admin';
}
