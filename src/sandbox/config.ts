import { z } from 'zod';
import { isIsoDate } from '../contract/calendar-date.ts';
import { hostSchema, parseEnv, portSchema } from '../node-shared/env.ts';

export const sandboxEnvSchema = z.object({
  HOST: hostSchema.default('127.0.0.1'),
  SANDBOX_PORT: portSchema.default(8081),
  SANDBOX_DATABASE_URL: z.string().min(1).default('.data/sandbox'),
  SANDBOX_TODAY: z.string().refine(isIsoDate, { message: 'must be a date YYYY-MM-DD' }).optional(),
  SANDBOX_TOKEN_TTL_S: z.coerce
    .number({ message: 'must be a number of seconds' })
    .int({ message: 'must be a whole number of seconds' })
    .min(1, { message: 'must be at least 1' })
    .max(86_400 * 30, { message: 'must be at most 30 days' })
    .default(3600),
});
export type SandboxEnv = z.output<typeof sandboxEnvSchema>;

export function readSandboxEnv(env: NodeJS.ProcessEnv = process.env): SandboxEnv {
  return parseEnv(sandboxEnvSchema, env);
}
