import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../node-shared/env.ts';
import { readBffEnv } from '../config.ts';

describe('the proxy’s configuration', () => {
  it('caps buffered upstream answers at 32 MiB unless ENERGY_API_MAX_RESPONSE_BYTES says otherwise', () => {
    expect(readBffEnv({}).ENERGY_API_MAX_RESPONSE_BYTES).toBe(33_554_432);
    expect(readBffEnv({ ENERGY_API_MAX_RESPONSE_BYTES: '1048576' }).ENERGY_API_MAX_RESPONSE_BYTES).toBe(
      1_048_576,
    );
  });

  it.each(['many', '1.5', '0', '-1', '2000000000'])(
    'refuses ENERGY_API_MAX_RESPONSE_BYTES=%s by name',
    (value) => {
      let problems: string[] = [];
      try {
        readBffEnv({ ENERGY_API_MAX_RESPONSE_BYTES: value });
      } catch (error) {
        if (error instanceof ConfigError) problems = error.problems;
      }
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^ENERGY_API_MAX_RESPONSE_BYTES/);
    },
  );
});
