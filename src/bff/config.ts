import { z } from 'zod';
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

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isLoopback = (url: URL) => LOOPBACK_HOSTS.has(url.hostname) || url.hostname.startsWith('127.');

const originSchema = z
  .url({ message: 'must be an http(s) origin such as https://console.example.com' })
  .refine((value) => /^https?:\/\//.test(value), { message: 'must start with http:// or https://' })
  .refine((value) => ['', '/'].includes(new URL(value).pathname) && !new URL(value).search, {
    message: 'must be an origin without a path, such as https://console.example.com',
  })
  .transform((value) => new URL(value).origin);

/** An `http://` issuer only on loopback (tests, a provider on the same host); anywhere else HTTPS. */
const issuerSchema = z
  .url({ message: 'must be the issuer URL, such as https://login.example.com/realms/staff' })
  .refine(
    (value) => {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url));
    },
    { message: 'must start with https:// (http:// only for a provider on this host)' },
  );

export const bffEnvSchema = z
  .object({
    HOST: hostSchema.default('127.0.0.1'),
    PORT: portSchema.default(8080),
    SANDBOX_PORT: portSchema.default(8081),
    ENERGY_API_BASE_URL: z
      .url({ message: 'must be an http(s) URL such as https://api.example.com' })
      .refine((value) => /^https?:\/\//.test(value), { message: 'must start with http:// or https://' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    ENERGY_API_CLIENT_ID: z.string().min(1).default('sandbox-rw'),
    ENERGY_API_CLIENT_SECRET: z.string().min(1).default('sandbox-rw-secret'),
    ENERGY_API_ENVIRONMENT: z
      .enum(ENVIRONMENTS, { message: `must be one of ${ENVIRONMENTS.join(', ')}` })
      .default('sandbox'),
    /** The spec's salespartner context (5.7), sent upstream as a header when set. */
    ENERGY_API_SALESPARTNER: z
      .string()
      .regex(/^[\w .@-]{1,64}$/, { message: 'must be 1-64 letters, digits, spaces or . @ _ -' })
      .optional(),
    /** The total time for an upstream answer's headers and body; then 504. */
    ENERGY_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** The largest upstream answer the BFF buffers (list pages, to rewrite their links); larger → 502. */
    ENERGY_API_MAX_RESPONSE_BYTES: z.coerce
      .number({ message: 'must be a number of bytes' })
      .int({ message: 'must be a whole number of bytes' })
      .min(1024, { message: 'must be at least 1024 bytes' })
      .max(1024 ** 3, { message: 'must be at most 1073741824 bytes (1 GiB)' })
      .default(DEFAULT_MAX_RESPONSE_BYTES),
    BFF_DATA_DIR: z.string().min(1).default('.data/bff'),
    /** PostgreSQL for accounts, sessions, the sign-in throttle and the audit, shared by replicas. */
    BFF_DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    BFF_AUDIT_RETENTION_DAYS: z.coerce
      .number({ message: 'must be a number of days' })
      .int({ message: 'must be a whole number of days' })
      .min(1, { message: 'must be at least 1 day' })
      .max(36_500, { message: 'must be at most 36500 days' })
      .default(DEFAULT_AUDIT_RETENTION_DAYS),
    /** How long the console keeps what it sent and what the platform answered (personal data). */
    BFF_RECORDS_RETENTION_DAYS: z.coerce
      .number({ message: 'must be a number of days' })
      .int({ message: 'must be a whole number of days' })
      .min(1, { message: 'must be at least 1 day' })
      .max(36_500, { message: 'must be at most 36500 days' })
      .default(DEFAULT_RECORDS_RETENTION_DAYS),
    BFF_ADMIN_PASSWORD: z
      .string()
      .min(MIN_PASSWORD_LENGTH, { message: `must have at least ${MIN_PASSWORD_LENGTH} characters` })
      .optional(),
    SESSION_SECRET: z.string().min(32, { message: 'must have at least 32 characters' }).optional(),
    /**
     * Behind a TLS-terminating proxy: trust X-Forwarded-Proto/-For from it. `true`/`1` is one hop (the
     * address the proxy saw), a number that many hops, or proxy addresses/CIDRs (see TrustProxy).
     */
    BFF_TRUST_PROXY: z
      .string()
      .transform((value, context): TrustProxy => {
        const trust = parseTrustProxy(value);
        if (typeof trust === 'object' && !Array.isArray(trust)) {
          context.addIssue({ code: 'custom', message: trust.problem });
          return z.NEVER;
        }
        return trust;
      })
      .default(false),
    BFF_STATIC_DIR: z.string().min(1).default('dist'),
    /** The console's public origin: the OIDC redirect URI is `BFF_PUBLIC_URL/bff/callback`. */
    BFF_PUBLIC_URL: originSchema.optional(),
    BFF_OIDC_ISSUER: issuerSchema.optional(),
    BFF_OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
    BFF_OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
    BFF_OIDC_ROLE_CLAIM: z
      .string()
      .regex(/^[\x21-\x7e]{1,200}$/, { message: 'must be a claim name without spaces' })
      .default('roles'),
    /** A single booking at or above this gross total (cents) asks staff for an explicit confirmation. */
    BFF_CONFIRM_FROM_CENT: z.coerce
      .number({ message: 'must be a number of cents' })
      .int({ message: 'must be a whole number of cents' })
      .min(1, { message: 'must be at least 1 cent' })
      .max(Number.MAX_SAFE_INTEGER, { message: 'is too large' })
      .default(DEFAULT_CONFIRM_FROM_CENT),
    /** Charges at or above this gross total (cents), single or a bulk campaign, need a second person; `off`: never. */
    BFF_APPROVAL_FROM_CENT: z
      .string()
      .transform((value, context): number | null => {
        if (value === 'off') return null;
        const cents = Number(value);
        if (/^\d+$/.test(value) && cents >= 1 && Number.isSafeInteger(cents)) return cents;
        context.addIssue({ code: 'custom', message: 'must be a whole number of cents (at least 1) or off' });
        return z.NEVER;
      })
      .default(DEFAULT_APPROVAL_FROM_CENT),
    /** A pending approval expires after this many hours. */
    BFF_APPROVAL_TTL_H: z.coerce
      .number({ message: 'must be a number of hours' })
      .int({ message: 'must be a whole number of hours' })
      .min(1, { message: 'must be at least 1 hour' })
      .max(8760, { message: 'must be at most 8760 hours (a year)' })
      .default(DEFAULT_APPROVAL_TTL_HOURS),
    /**
     * A write sent without approval is judged with the same contract's unapproved bookings of this many hours
     * before it; 0: each write alone.
     */
    BFF_APPROVAL_WINDOW_H: z.coerce
      .number({ message: 'must be a number of hours' })
      .int({ message: 'must be a whole number of hours' })
      .min(0, { message: 'must be 0 or more hours' })
      .max(8760, { message: 'must be at most 8760 hours (a year)' })
      .default(DEFAULT_APPROVAL_WINDOW_HOURS),
    /** Platform calls in flight for bulk campaigns, per BFF process. */
    BFF_BULK_CONCURRENCY: z.coerce
      .number({ message: 'must be a number' })
      .int({ message: 'must be a whole number' })
      .min(1, { message: 'must be between 1 and 32' })
      .max(32, { message: 'must be between 1 and 32' })
      .default(DEFAULT_BULK_CONCURRENCY),
    /** `false`: staff sign in only through the identity provider. */
    BFF_LOCAL_ACCOUNTS: booleanFlag.default(DEFAULT_LOCAL_ACCOUNTS),
  })
  .superRefine((env, context) => {
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
  });
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
