import { z } from 'zod/mini';
import { pageSchema } from './api/common.ts';

import { ENVIRONMENTS, ROLES } from './bff-basics.ts';

/** The BFF's own endpoints (product.md "BFF"): shared by the BFF and the SPA. */
export {
  canAdminister,
  canWrite,
  CSRF_HEADER,
  ENVIRONMENTS,
  ROLES,
  type Environment,
  type Role,
} from './bff-basics.ts';

/** How a session's person proved who they are (a passkey sign-in counts as an approval's step-up). */
export const AUTHENTICATION_METHODS = ['password', 'passkey', 'sso'] as const;
export type AuthenticationMethod = (typeof AUTHENTICATION_METHODS)[number];

export const MIN_PASSWORD_LENGTH = 12;

export const usernameSchema = z.string().check(
  z.minLength(2, { message: 'Use at least 2 characters.' }),
  z.maxLength(64, { message: 'Use at most 64 characters.' }),
  z.regex(/^[a-z0-9][a-z0-9._-]*$/, {
    message: 'Use lower-case letters, digits, dots, hyphens and underscores.',
  }),
);

export const passwordSchema = z
  .string()
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, { message: `Use at least ${MIN_PASSWORD_LENGTH} characters.` }),
    z.maxLength(256, { message: 'Use at most 256 characters.' }),
  );

export const loginRequestSchema = z.object({
  username: z.string().check(z.minLength(1, { message: 'Enter your username.' }), z.maxLength(64)),
  password: z.string().check(z.minLength(1, { message: 'Enter your password.' }), z.maxLength(256)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionUserSchema = z.object({
  username: z.string(),
  role: z.enum(ROLES),
  environment: z.enum(ENVIRONMENTS),
  /** BFF_CONFIRM_FROM_CENT: bookings of this gross total or more are confirmed explicitly. */
  confirmFromCent: z.optional(z.int().check(z.positive())),
  /** BFF_APPROVAL_FROM_CENT: bookings of this gross total or more go to a second person; null: off. */
  approvalFromCent: z.optional(z.nullable(z.int().check(z.positive()))),
  /** Present for staff signed in through the identity provider (username `sso:<subject>`). */
  displayName: z.optional(z.string()),
  /** Signed in with a temporary password: the console shows only the password change until it is done. */
  must_change_password: z.optional(z.boolean()),
  /** How this session was signed in; `passkey`: approving needs no password for five minutes after. */
  authenticatedWith: z.optional(z.enum(AUTHENTICATION_METHODS)),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * `GET /bff/session` (beyond the pinned routes, decision 0042): who is signed in, `user: null` when nobody is —
 * always 200, so the console's probe at start logs no error in the browser as the pinned `/bff/user`'s 401 does.
 */
export const sessionAnswerSchema = z.object({ user: z.nullable(sessionUserSchema) });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

export const environmentInfoSchema = z.object({ environment: z.enum(ENVIRONMENTS) });

/** The username prefix of staff signed in through the identity provider: `sso:<subject>`. */
export const SSO_USERNAME_PREFIX = 'sso:';

/**
 * `GET /bff/sign-in-options`: what the sign-in page offers. `sso` is `off` without BFF_OIDC_ISSUER,
 * `unavailable` while the provider cannot be reached or is misconfigured.
 */
export const signInOptionsSchema = z.object({
  local: z.boolean(),
  sso: z.enum(['off', 'available', 'unavailable']),
  /** Local accounts may sign in with a passkey (local accounts on, and the console has a host name). */
  passkey: z._default(z.boolean(), false),
});
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

/** Why an SSO sign-in came back to the sign-in page without a session (`/sign-in?sso=…`). */
export const SSO_OUTCOMES = ['no-role', 'disabled', 'cancelled', 'expired', 'failed', 'unavailable'] as const;
export type SsoOutcome = (typeof SSO_OUTCOMES)[number];

/**
 * `POST /bff/logout` answers 204, or 200 with the provider's end-session URL when the session came
 * from an identity provider that offers RP-initiated logout: the console navigates there next.
 */
export const logoutResponseSchema = z.object({ endSessionUrl: z.url() });

export const createUserRequestSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  role: z.enum(ROLES),
});
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;

export const updateUserRequestSchema = z.object({
  role: z.optional(z.enum(ROLES)),
  disabled: z.optional(z.boolean()),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const staffUserSchema = z.object({
  username: z.string(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  createdAt: z.string(),
  /** An admin reset the password: the temporary one must be replaced at the next sign-in. */
  mustChangePassword: z.boolean(),
  /** The account's last sign-in, any way (issue 42); null: never, or before the console kept it. */
  lastSignInAt: z._default(z.nullable(z.string()), null),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** The BFF's own audited writes, besides the platform's operations and `not_allowed` (the audit's filter offers them). */
export const BFF_AUDITED_OPERATIONS = [
  'bff_users_create',
  'bff_users_update',
  'bff_users_password_reset',
  'bff_password_change',
  // A start whose BFF_ADMIN_PASSWORD created `admin` or changed its password (no request: method START).
  'bff_admin_password_start',
  'bff_sessions_end',
  'bff_bulk_campaigns_create',
  'bff_bulk_campaigns_prior_runs',
  'bff_bulk_campaigns_pause',
  'bff_bulk_campaigns_resume',
  'bff_bulk_campaigns_cancel',
  'bff_approvals_create',
  'bff_approvals_approve',
  'bff_approvals_reject',
  'bff_approvals_withdraw',
  'bff_approvals_retry',
  // Passkeys: registered, renamed, removed, used to sign in (the passkey's id, never its key or name).
  'bff_passkeys_register',
  'bff_passkeys_rename',
  'bff_passkeys_remove',
  // An admin removing another account's passkey (targets: the account and the passkey's id).
  'bff_users_passkeys_remove',
  'bff_login_passkey',
  // Not a write: reading records that hold bank data (records-plugin.ts).
  'bff_records_read',
  // Shared report links (issue 46): made, revoked, and each opening of one (without a session).
  'bff_shared_reports_create',
  'bff_shared_reports_revoke',
  'bff_shared_reports_open',
] as const;

export const auditEntrySchema = z.object({
  time: z.string(),
  requestId: z.string(),
  username: z.nullable(z.string()),
  /** The identity provider's display name of an SSO user; null for local accounts (and older entries). */
  displayName: z._default(z.nullable(z.string()), null),
  role: z.nullable(z.enum(ROLES)),
  operation: z.string(),
  method: z.string(),
  path: z.string(),
  targets: z.record(z.string(), z.string()),
  status: z.int(),
  durationMs: z.number(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The `user` filter value for attempts made without a session ('@' never occurs in a username). */
export const ANONYMOUS_AUDIT_USER = '@anonymous';
export const AUDIT_STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const;
export const MAX_AUDIT_PAGE = 1000;

const instantFilter = z.iso.datetime({
  offset: true,
  message: 'Use an ISO 8601 date and time with offset, such as 2026-01-31T00:00:00+01:00.',
});

/** Filters of `GET /bff/audit` and its CSV export; `from` inclusive, `to` exclusive. */
export const auditFilterSchema = z
  .object({
    user: z.optional(
      z.union(
        [
          z.literal(ANONYMOUS_AUDIT_USER),
          z.string().check(z.regex(/^[a-z0-9][a-z0-9._-]{0,63}$/)),
          // An OIDC subject: up to 255 printable ASCII characters (OIDC Core 2).
          z.string().check(z.regex(/^sso:[\x21-\x7e]{1,255}$/)),
        ],
        { message: `Give a username, sso:<subject> or ${ANONYMOUS_AUDIT_USER}.` },
      ),
    ),
    operation: z.optional(
      z.string().check(
        z.regex(/^[a-z0-9_]{1,100}$/, {
          message: 'Give an operation name such as migrations_consumers_create.',
        }),
      ),
    ),
    status: z.optional(
      z.union(
        [z.enum(AUDIT_STATUS_CLASSES), z.coerce.number().check(z.int(), z.minimum(100), z.maximum(599))],
        {
          message: `Give a status code or one of ${AUDIT_STATUS_CLASSES.join(', ')}.`,
        },
      ),
    ),
    /** The consumer's or producer's user ID the attempt was about (its `userID` target). */
    user_id: z.optional(
      z
        .string()
        .check(
          z.regex(/^[\w-]{1,64}$/, { message: 'Give a user ID: letters, digits, underscores and hyphens.' }),
        ),
    ),
    from: z.optional(instantFilter),
    to: z.optional(instantFilter),
  })
  .check(
    z.refine((filter) => !filter.from || !filter.to || Date.parse(filter.from) < Date.parse(filter.to), {
      message: 'The end must come after the start.',
      path: ['to'],
    }),
  );
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditQuerySchema = z.intersection(
  auditFilterSchema,
  z.object({
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_AUDIT_PAGE)), 50),
    offset: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 0),
  }),
);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The audit export's columns, in order. */
export const AUDIT_CSV_HEADER = [
  'time',
  'request_id',
  'username',
  'role',
  'operation',
  'method',
  'path',
  'targets',
  'status',
  'duration_ms',
  // Added with SSO; last, so the columns before keep their places for existing readers.
  'display_name',
] as const;
