import { z } from 'zod/mini';
import { isIsoDate } from '../contract/calendar-date.ts';
import { hostSchema, parseEnv, portSchema } from '../node-shared/env.ts';

export const sandboxEnvSchema = z.object({
  HOST: z._default(hostSchema, '127.0.0.1'),
  SANDBOX_PORT: z._default(portSchema, 8081),
  SANDBOX_DATABASE_URL: z._default(z.string().check(z.minLength(1)), '.data/sandbox'),
  SANDBOX_TODAY: z.optional(z.string().check(z.refine(isIsoDate, { message: 'must be a date YYYY-MM-DD' }))),
  SANDBOX_TOKEN_TTL_S: z._default(
    z.coerce
      .number({ message: 'must be a number of seconds' })
      .check(
        z.int({ message: 'must be a whole number of seconds' }),
        z.minimum(1, { message: 'must be at least 1' }),
        z.maximum(86_400 * 30, { message: 'must be at most 30 days' }),
      ),
    3600,
  ),
});
export type SandboxEnv = z.output<typeof sandboxEnvSchema>;

export function readSandboxEnv(env: NodeJS.ProcessEnv = process.env): SandboxEnv {
  return parseEnv(sandboxEnvSchema, env);
}
