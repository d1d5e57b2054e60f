import { describe, expect, it } from 'vitest';
import { ConfigError } from '../node-shared/env.ts';
import { readSandboxEnv } from './config.ts';

describe('sandbox configuration', () => {
  it('has the pinned defaults', () => {
    expect(readSandboxEnv({})).toMatchObject({
      SANDBOX_DATABASE_URL: '.data/sandbox',
      SANDBOX_TOKEN_TTL_S: 3600,
      SANDBOX_PORT: 8081,
      HOST: '127.0.0.1',
    });
  });

  it('names each bad variable', () => {
    let problems: string[] = [];
    try {
      readSandboxEnv({ SANDBOX_TODAY: '2025-02-30', SANDBOX_TOKEN_TTL_S: '0', SANDBOX_PORT: 'eighty' });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems;
    }
    expect(problems.map((problem) => problem.split('=')[0]).sort()).toEqual([
      'SANDBOX_PORT',
      'SANDBOX_TODAY',
      'SANDBOX_TOKEN_TTL_S',
    ]);
    expect(problems.join('\n')).toContain('SANDBOX_TODAY="2025-02-30": must be a date YYYY-MM-DD');
  });
});
