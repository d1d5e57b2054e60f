import { z } from 'zod';
import { ENVIRONMENTS, MIN_PASSWORD_LENGTH } from '../contract/bff-api.ts';
import { hostSchema, parseEnv, portSchema } from '../node-shared/env.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const bffEnvSchema = z.object({
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
  ENERGY_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
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
    .default(365),
  BFF_ADMIN_PASSWORD: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { message: `must have at least ${MIN_PASSWORD_LENGTH} characters` })
    .optional(),
  SESSION_SECRET: z.string().min(32, { message: 'must have at least 32 characters' }).optional(),
  /** Behind a TLS-terminating proxy: trust X-Forwarded-Proto/-For from it. */
  BFF_TRUST_PROXY: booleanFlag.default(false),
  BFF_STATIC_DIR: z.string().min(1).default('dist'),
});
export type BffEnv = z.output<typeof bffEnvSchema>;

export function readBffEnv(env: NodeJS.ProcessEnv = process.env): BffEnv {
  return parseEnv(bffEnvSchema, env);
}

export function upstreamBaseUrl(env: BffEnv): string {
  return env.ENERGY_API_BASE_URL ?? `http://${env.HOST}:${env.SANDBOX_PORT}`;
}
