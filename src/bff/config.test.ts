import { describe, expect, it } from 'vitest';
import { ConfigError } from '../node-shared/env.ts';
import { readBffEnv, upstreamBaseUrl } from './config.ts';

function configProblems(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('BFF configuration', () => {
  it('has the pinned defaults and points at the embedded sandbox', () => {
    const env = readBffEnv({});
    expect(env).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8080,
      SANDBOX_PORT: 8081,
      ENERGY_API_ENVIRONMENT: 'sandbox',
      BFF_DATA_DIR: '.data/bff',
      ENERGY_API_CLIENT_ID: 'sandbox-rw',
    });
    expect(upstreamBaseUrl(env)).toBe('http://127.0.0.1:8081');
  });

  it('reports every bad variable at once, each by name', () => {
    const problems = configProblems(() =>
      readBffEnv({
        PORT: '99999',
        ENERGY_API_BASE_URL: 'ftp://x',
        ENERGY_API_ENVIRONMENT: 'staging',
        BFF_ADMIN_PASSWORD: 'short',
        SESSION_SECRET: 'tiny',
      }),
    );
    expect(problems.map((problem) => problem.split('=')[0])).toEqual([
      'PORT',
      'ENERGY_API_BASE_URL',
      'ENERGY_API_ENVIRONMENT',
      'BFF_ADMIN_PASSWORD',
      'SESSION_SECRET',
    ]);
    expect(problems[2]).toContain('must be one of sandbox, test, production');
  });

  it('treats empty variables as unset and trims a trailing slash from the base URL', () => {
    const env = readBffEnv({ PORT: '', ENERGY_API_BASE_URL: 'https://api.example.org/' });
    expect(env.PORT).toBe(8080);
    expect(upstreamBaseUrl(env)).toBe('https://api.example.org');
  });
});

describe('BFF database configuration', () => {
  it('defaults to the embedded database and a year of audit', () => {
    const env = readBffEnv({});
    expect(env.BFF_DATABASE_URL).toBeUndefined();
    expect(env.BFF_AUDIT_RETENTION_DAYS).toBe(365);
    expect(
      readBffEnv({ BFF_DATABASE_URL: 'postgresql://bff@db/bff', BFF_AUDIT_RETENTION_DAYS: '30' }),
    ).toMatchObject({
      BFF_DATABASE_URL: 'postgresql://bff@db/bff',
      BFF_AUDIT_RETENTION_DAYS: 30,
    });
  });

  it('names a database URL that is not PostgreSQL and a retention that is not a number of days', () => {
    const problems = configProblems(() =>
      readBffEnv({ BFF_DATABASE_URL: 'mysql://db/bff', BFF_AUDIT_RETENTION_DAYS: '0.5' }),
    );
    expect(problems).toEqual([
      'BFF_DATABASE_URL="mysql://db/bff": must be a postgres:// or postgresql:// URL',
      'BFF_AUDIT_RETENTION_DAYS="0.5": must be a whole number of days',
    ]);
  });
});
