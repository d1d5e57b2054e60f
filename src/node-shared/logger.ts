import { pino, type Logger, type LoggerOptions } from 'pino';

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

/**
 * A server's logger on stdout: readable lines when a person watches the terminal (pino-pretty, in
 * pino's worker thread); JSON lines otherwise, for the log collector, written asynchronously in 4 KB
 * batches — a synchronous write per line cost the BFF a quarter of its throughput (issue 12's bench).
 * pino flushes the batch when the process exits.
 */
export function serverLogger(name: string): Logger {
  const options = loggerOptions(name, defaultLogLevel());
  if (process.stdout.isTTY) {
    return pino({
      ...options,
      transport: {
        target: 'pino-pretty',
        options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
      },
    });
  }
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096 }));
}
