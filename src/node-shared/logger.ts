import type { LoggerOptions } from 'pino';

/** Never log credentials: bearer tokens, cookies, client secrets, passwords. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.client_secret',
  '*.access_token',
  '*.secret',
];

export function loggerOptions(name: string, level = process.env.LOG_LEVEL ?? 'info'): LoggerOptions {
  return {
    name,
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}

/** Tests and benchmarks keep quiet unless asked. */
export function defaultLogLevel(): string {
  if (process.env.LOG_LEVEL) return process.env.LOG_LEVEL;
  return process.env.VITEST || process.env.NODE_ENV === 'test' ? 'silent' : 'info';
}
