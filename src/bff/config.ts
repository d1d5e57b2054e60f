import { z } from 'zod/mini';
import { ENVIRONMENTS, MIN_PASSWORD_LENGTH } from '../contract/bff-api.ts';
import { hostSchema, parseEnv, portSchema } from '../node-shared/env.ts';
import {
  DEFAULT_APPROVAL_FROM_CENT,
  DEFAULT_APPROVAL_TTL_HOURS,
  DEFAULT_APPROVAL_WINDOW_HOURS,
  DEFAULT_AUDIT_RETENTION_DAYS,
  DEFAULT_BULK_CONCURRENCY,
  DEFAULT_CONFIRM_FROM_CENT,
  DEFAULT_LOCAL_ACCOUNTS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_RECORDS_RETENTION_DAYS,
} from './option-defaults.ts';
import { parseTrustProxy, type TrustProxy } from './security/trust-proxy.ts';

const booleanFlag = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((value) => value === 'true' || value === '1'),
);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isLoopback = (url: URL) => LOOPBACK_HOSTS.has(url.hostname) || url.hostname.startsWith('127.');

const originSchema = z.pipe(
  z.url({ message: 'must be an http(s) origin such as https://console.example.com' }).check(
    z.refine((value) => /^https?:\/\//.test(value), { message: 'must start with http:// or https://' }),
    z.refine((value) => ['', '/'].includes(new URL(value).pathname) && !new URL(value).search, {
      message: 'must be an origin without a path, such as https://console.example.com',
    }),
  ),
  z.transform((value) => new URL(value).origin),
);

/** An `http://` issuer only on loopback (tests, a provider on the same host); anywhere else HTTPS. */
const issuerSchema = z
  .url({ message: 'must be the issuer URL, such as https://login.example.com/realms/staff' })
  .check(
    z.refine(
      (value) => {
        const url = new URL(value);
        return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url));
      },
      { message: 'must start with https:// (http:// only for a provider on this host)' },
    ),
  );

const A_YEAR_AT_MOST = 'must be at most 8760 hours (a year)';

/**
 * A whole number of `unit` from the environment between `minimum` and `maximum`, or `fallback` when unset; each
 * refusal says what was wrong in the unit's words ("must be at least 1 day"), or in the words given.
 */
function wholeNumber(
  bounds: {
    unit?: 'bytes' | 'days' | 'cents' | 'hours';
    minimum: number;
    maximum: number;
    tooSmall?: string;
    tooLarge?: string;
  },
  fallback: number,
) {
  const { unit, minimum, maximum } = bounds;
  const of = unit ? ` of ${unit}` : '';
  // "1 day", "1024 bytes": the unit's singular is its plural without the s.
  const amount = (value: number) =>
    `${value} ${value === 1 && unit ? unit.slice(0, -1) : (unit ?? '')}`.trim();
  return z._default(
    z.coerce
      .number({ message: `must be a number${of}` })
      .check(
        z.int({ message: `must be a whole number${of}` }),
        z.minimum(minimum, { message: bounds.tooSmall ?? `must be at least ${amount(minimum)}` }),
        z.maximum(maximum, { message: bounds.tooLarge ?? `must be at most ${amount(maximum)}` }),
      ),
    fallback,
  );
}

export const bffEnvSchema = z
  .object({
    HOST: z._default(hostSchema, '127.0.0.1'),
    PORT: z._default(portSchema, 8080),
    SANDBOX_PORT: z._default(portSchema, 8081),
    ENERGY_API_BASE_URL: z.optional(
      z.pipe(
        z.url({ message: 'must be an http(s) URL such as https://api.example.com' }).check(
          z.refine((value) => /^https?:\/\//.test(value), {
            message: 'must start with http:// or https://',
          }),
        ),
        z.transform((value) => value.replace(/\/+$/, '')),
      ),
    ),
    ENERGY_API_CLIENT_ID: z._default(z.string().check(z.minLength(1)), 'sandbox-rw'),
    ENERGY_API_CLIENT_SECRET: z._default(z.string().check(z.minLength(1)), 'sandbox-rw-secret'),
    ENERGY_API_ENVIRONMENT: z._default(
      z.enum(ENVIRONMENTS, { message: `must be one of ${ENVIRONMENTS.join(', ')}` }),
      'sandbox',
    ),
    /** The spec's salespartner context (5.7), sent upstream as a header when set. */
    ENERGY_API_SALESPARTNER: z.optional(
      z
        .string()
        .check(z.regex(/^[\w .@-]{1,64}$/, { message: 'must be 1-64 letters, digits, spaces or . @ _ -' })),
    ),
    /** The total time for an upstream answer's headers and body; then 504. */
    ENERGY_API_TIMEOUT_MS: z._default(
      z.coerce.number().check(z.int(), z.minimum(100), z.maximum(120_000)),
      15_000,
    ),
    /** The largest upstream answer the BFF buffers (list pages, to rewrite their links); larger → 502. */
    ENERGY_API_MAX_RESPONSE_BYTES: wholeNumber(
      {
        unit: 'bytes',
        minimum: 1024,
        maximum: 1024 ** 3,
        tooLarge: 'must be at most 1073741824 bytes (1 GiB)',
      },
      DEFAULT_MAX_RESPONSE_BYTES,
    ),
    BFF_DATA_DIR: z._default(z.string().check(z.minLength(1)), '.data/bff'),
    /** PostgreSQL for accounts, sessions, the sign-in throttle and the audit, shared by replicas. */
    BFF_DATABASE_URL: z.optional(
      z
        .string()
        .check(z.regex(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// or postgresql:// URL' })),
    ),
    BFF_AUDIT_RETENTION_DAYS: wholeNumber(
      { unit: 'days', minimum: 1, maximum: 36_500 },
      DEFAULT_AUDIT_RETENTION_DAYS,
    ),
    /** How long the console keeps what it sent and what the platform answered (personal data). */
    BFF_RECORDS_RETENTION_DAYS: wholeNumber(
      { unit: 'days', minimum: 1, maximum: 36_500 },
      DEFAULT_RECORDS_RETENTION_DAYS,
    ),
    BFF_ADMIN_PASSWORD: z.optional(
      z.string().check(
        z.minLength(MIN_PASSWORD_LENGTH, {
          message: `must have at least ${MIN_PASSWORD_LENGTH} characters`,
        }),
      ),
    ),
    SESSION_SECRET: z.optional(
      z.string().check(z.minLength(32, { message: 'must have at least 32 characters' })),
    ),
    /**
     * Behind a TLS-terminating proxy: trust X-Forwarded-Proto/-For from it. `true`/`1` is one hop (the
     * address the proxy saw), a number that many hops, or proxy addresses/CIDRs (see TrustProxy).
     */
    BFF_TRUST_PROXY: z._default(
      z.pipe(
        z.string(),
        z.transform((value, context): TrustProxy => {
          const trust = parseTrustProxy(value);
          if (typeof trust === 'object' && !Array.isArray(trust)) {
            context.issues.push({ code: 'custom', message: trust.problem, input: value });
            return z.NEVER;
          }
          return trust;
        }),
      ),
      false,
    ),
    BFF_STATIC_DIR: z._default(z.string().check(z.minLength(1)), 'dist'),
    /** The console's public origin: the OIDC redirect URI is `BFF_PUBLIC_URL/bff/callback`. */
    BFF_PUBLIC_URL: z.optional(originSchema),
    BFF_OIDC_ISSUER: z.optional(issuerSchema),
    BFF_OIDC_CLIENT_ID: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
    BFF_OIDC_CLIENT_SECRET: z.optional(z.string().check(z.minLength(1), z.maxLength(2000))),
    BFF_OIDC_ROLE_CLAIM: z._default(
      z.string().check(z.regex(/^[\x21-\x7e]{1,200}$/, { message: 'must be a claim name without spaces' })),
      'roles',
    ),
    /** A single booking at or above this gross total (cents) asks staff for an explicit confirmation. */
    BFF_CONFIRM_FROM_CENT: wholeNumber(
      { unit: 'cents', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, tooLarge: 'is too large' },
      DEFAULT_CONFIRM_FROM_CENT,
    ),
    /** Charges at or above this gross total (cents), single or a bulk campaign, need a second person; `off`: never. */
    BFF_APPROVAL_FROM_CENT: z._default(
      z.pipe(
        z.string(),
        z.transform((value, context): number | null => {
          if (value === 'off') return null;
          const cents = Number(value);
          if (/^\d+$/.test(value) && cents >= 1 && Number.isSafeInteger(cents)) return cents;
          context.issues.push({
            code: 'custom',
            message: 'must be a whole number of cents (at least 1) or off',
            input: value,
          });
          return z.NEVER;
        }),
      ),
      DEFAULT_APPROVAL_FROM_CENT,
    ),
    /** A pending approval expires after this many hours. */
    BFF_APPROVAL_TTL_H: wholeNumber(
      { unit: 'hours', minimum: 1, maximum: 8760, tooLarge: A_YEAR_AT_MOST },
      DEFAULT_APPROVAL_TTL_HOURS,
    ),
    /**
     * A write sent without approval is judged with the same contract's unapproved bookings of this many hours
     * before it; 0: each write alone.
     */
    BFF_APPROVAL_WINDOW_H: wholeNumber(
      {
        unit: 'hours',
        minimum: 0,
        maximum: 8760,
        tooSmall: 'must be 0 or more hours',
        tooLarge: A_YEAR_AT_MOST,
      },
      DEFAULT_APPROVAL_WINDOW_HOURS,
    ),
    /** Platform calls in flight for bulk campaigns, per BFF process. */
    BFF_BULK_CONCURRENCY: wholeNumber(
      { minimum: 1, maximum: 32, tooSmall: 'must be between 1 and 32', tooLarge: 'must be between 1 and 32' },
      DEFAULT_BULK_CONCURRENCY,
    ),
    /** `false`: staff sign in only through the identity provider. */
    BFF_LOCAL_ACCOUNTS: z._default(booleanFlag, DEFAULT_LOCAL_ACCOUNTS),
  })
  .check(
    z.superRefine((env, context) => {
      const problem = (variable: string, message: string) =>
        context.addIssue({ code: 'custom', path: [variable], message });
      if (env.BFF_OIDC_ISSUER) {
        if (!env.BFF_OIDC_CLIENT_ID) problem('BFF_OIDC_CLIENT_ID', 'is required when BFF_OIDC_ISSUER is set');
        if (!env.BFF_OIDC_CLIENT_SECRET)
          problem('BFF_OIDC_CLIENT_SECRET', 'is required when BFF_OIDC_ISSUER is set');
      }
      if (!env.BFF_LOCAL_ACCOUNTS && !env.BFF_OIDC_ISSUER)
        problem('BFF_LOCAL_ACCOUNTS', 'may be false only with BFF_OIDC_ISSUER set: nobody could sign in');
      // In production the platform's credentials and tokens and the staff's cookies travel only over TLS:
      // plain http only to this host (a TLS proxy beside it, a tunnel).
      if (env.ENERGY_API_ENVIRONMENT === 'production') {
        for (const variable of ['ENERGY_API_BASE_URL', 'BFF_PUBLIC_URL'] as const) {
          const value = env[variable];
          if (value && new URL(value).protocol === 'http:' && !isLoopback(new URL(value)))
            problem(variable, 'must start with https:// in production (http:// only on this host)');
        }
      }
    }),
  );
export type BffEnv = z.output<typeof bffEnvSchema>;

export function readBffEnv(env: NodeJS.ProcessEnv = process.env): BffEnv {
  return parseEnv(bffEnvSchema, env);
}

/** The console's public origin; the default is where it listens. */
export function publicUrl(env: BffEnv): string {
  return env.BFF_PUBLIC_URL ?? `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
}

export function upstreamBaseUrl(env: BffEnv): string {
  return env.ENERGY_API_BASE_URL ?? `http://${env.HOST}:${env.SANDBOX_PORT}`;
}
