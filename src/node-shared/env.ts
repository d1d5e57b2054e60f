import { z } from 'zod/mini';
// zod's own messages in English, as classic zod gave them (see the file).
import './zod-english.ts';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables with a zod object whose keys are the variable names. Every bad value
 * is reported at once, each line naming its variable (epic-stack style).
 */
export function parseEnv<T extends z.ZodMiniObject>(
  schema: T,
  env: NodeJS.ProcessEnv = process.env,
): z.output<T> {
  const present = Object.fromEntries(
    Object.keys(schema.shape).flatMap((key) =>
      env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]],
    ),
  );
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}=${JSON.stringify(present[String(issue.path[0])] ?? '')}: ${issue.message}`,
    ),
  );
}

export const portSchema = z.coerce
  .number({ message: 'must be a port number' })
  .check(
    z.int({ message: 'must be a whole number' }),
    z.minimum(1, { message: 'must be between 1 and 65535' }),
    z.maximum(65535, { message: 'must be between 1 and 65535' }),
  );

export const hostSchema = z.string().check(z.minLength(1), z.maxLength(255));

/** Runs a program's start-up, printing configuration errors plainly instead of a stack trace. */
export async function runMain(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  }
}
