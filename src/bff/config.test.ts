import { describe, expect, it } from 'vitest';
import { ConfigError } from '../node-shared/env.ts';
import { publicUrl, readBffEnv, upstreamBaseUrl } from './config.ts';
import { fastifyTrustProxy } from './security/trust-proxy.ts';

/** Fastify's trust setting as the function it is for hop counts (`true` is one hop). */
function trustFunction(
  setting: ReturnType<typeof fastifyTrustProxy>,
): (address: string, hop: number) => boolean {
  if (typeof setting !== 'function')
    throw new Error(`expected a trust function, got ${JSON.stringify(setting)}`);
  return setting;
}

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

  it('asks for a confirmation from 1,000.00 € by default; BFF_CONFIRM_FROM_CENT takes whole cents', () => {
    expect(readBffEnv({}).BFF_CONFIRM_FROM_CENT).toBe(100_000);
    expect(readBffEnv({ BFF_CONFIRM_FROM_CENT: '50000' }).BFF_CONFIRM_FROM_CENT).toBe(50_000);
    for (const value of ['10,00', '0', '-5', 'lots'])
      expect(
        configProblems(() => readBffEnv({ BFF_CONFIRM_FROM_CENT: value })).map(
          (problem) => problem.split('=')[0],
        ),
        value,
      ).toEqual(['BFF_CONFIRM_FROM_CENT']);
  });

  it('treats empty variables as unset and trims a trailing slash from the base URL', () => {
    const env = readBffEnv({ PORT: '', ENERGY_API_BASE_URL: 'https://api.example.org/' });
    expect(env.PORT).toBe(8080);
    expect(upstreamBaseUrl(env)).toBe('https://api.example.org');
  });
});

describe('BFF_TRUST_PROXY', () => {
  it('takes a flag, a hop count or proxy addresses, as Fastify’s trustProxy does', () => {
    const trust = (value: string) => readBffEnv({ BFF_TRUST_PROXY: value }).BFF_TRUST_PROXY;
    expect(readBffEnv({}).BFF_TRUST_PROXY).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trust(' 127.0.0.1, 10.0.0.0/8,::1,fd00::/8, loopback ')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('names what is wrong with a value', () => {
    for (const [value, problem] of [
      ['yes', '"yes" is not an IP address or CIDR range'],
      ['10.0.0.0/33', '"10.0.0.0/33" has a prefix length outside 0-32'],
      ['10.0.0.1,proxy.example.com', '"proxy.example.com" is not an IP address'],
      ['99', 'a hop count must be at most 32'],
    ] as const) {
      const problems = configProblems(() => readBffEnv({ BFF_TRUST_PROXY: value }));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^BFF_TRUST_PROXY=/);
      expect(problems[0]).toContain(problem);
    }
  });

  it('reads true as one hop: the address the proxy saw, not the left-most entry a client wrote', () => {
    const trusts = trustFunction(fastifyTrustProxy(true));
    expect(trusts('127.0.0.1', 0)).toBe(true);
    expect(trusts('10.6.6.6', 1)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    expect(trustFunction(fastifyTrustProxy(2))('x', 1)).toBe(true);
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

describe('SSO configuration', () => {
  it('has no SSO by default, local accounts on, the roles claim, and the listening origin as public URL', () => {
    const env = readBffEnv({ HOST: '0.0.0.0', PORT: '9000' });
    expect(env.BFF_OIDC_ISSUER).toBeUndefined();
    expect(env.BFF_LOCAL_ACCOUNTS).toBe(true);
    expect(env.BFF_OIDC_ROLE_CLAIM).toBe('roles');
    expect(publicUrl(env)).toBe('http://0.0.0.0:9000');
    expect(publicUrl(readBffEnv({ BFF_PUBLIC_URL: 'https://console.example.com/' }))).toBe(
      'https://console.example.com',
    );
  });

  it('takes an https issuer with its client, and an http one only on loopback', () => {
    const sso = {
      BFF_OIDC_CLIENT_ID: 'energy-console',
      BFF_OIDC_CLIENT_SECRET: 'secret',
      BFF_LOCAL_ACCOUNTS: 'false',
    };
    expect(readBffEnv({ ...sso, BFF_OIDC_ISSUER: 'https://login.example.com/realms/staff' })).toMatchObject({
      BFF_OIDC_ISSUER: 'https://login.example.com/realms/staff',
      BFF_LOCAL_ACCOUNTS: false,
    });
    expect(readBffEnv({ ...sso, BFF_OIDC_ISSUER: 'http://127.0.0.1:9090' }).BFF_OIDC_ISSUER).toBe(
      'http://127.0.0.1:9090',
    );
    expect(readBffEnv({ ...sso, BFF_OIDC_ISSUER: 'http://localhost:9090' }).BFF_OIDC_ISSUER).toBeDefined();
  });

  it('stops production with a plain http platform or public URL on another host, naming the variable', () => {
    const production = { ENERGY_API_ENVIRONMENT: 'production' };
    expect(
      configProblems(() =>
        readBffEnv({
          ...production,
          ENERGY_API_BASE_URL: 'http://api.example.com',
          BFF_PUBLIC_URL: 'http://console.example.com',
        }),
      ),
    ).toEqual([
      'ENERGY_API_BASE_URL="http://api.example.com": must start with https:// in production (http:// only on this host)',
      'BFF_PUBLIC_URL="http://console.example.com": must start with https:// in production (http:// only on this host)',
    ]);
    expect(
      configProblems(() => readBffEnv({ ...production, ENERGY_API_BASE_URL: 'http://10.0.0.5:8081' })),
    ).toEqual([
      'ENERGY_API_BASE_URL="http://10.0.0.5:8081": must start with https:// in production (http:// only on this host)',
    ]);
    for (const allowed of [
      {
        ...production,
        ENERGY_API_BASE_URL: 'https://api.example.com',
        BFF_PUBLIC_URL: 'https://console.example.com',
      },
      {
        ...production,
        ENERGY_API_BASE_URL: 'http://127.0.0.1:8081',
        BFF_PUBLIC_URL: 'http://localhost:8080',
      },
      { ...production, BFF_PUBLIC_URL: 'http://[::1]:8080' },
      { ENERGY_API_ENVIRONMENT: 'test', ENERGY_API_BASE_URL: 'http://api.example.com' },
      { ENERGY_API_BASE_URL: 'http://api.example.com', BFF_PUBLIC_URL: 'http://console.example.com' },
    ])
      expect(
        configProblems(() => readBffEnv(allowed)),
        JSON.stringify(allowed),
      ).toEqual([]);
  });

  it('names each SSO problem: plain http elsewhere, a missing client, a public URL with a path, no way to sign in', () => {
    expect(
      configProblems(() =>
        readBffEnv({
          BFF_OIDC_ISSUER: 'http://login.example.com',
          BFF_PUBLIC_URL: 'https://x.example/console',
        }),
      ),
    ).toEqual([
      'BFF_PUBLIC_URL="https://x.example/console": must be an origin without a path, such as https://console.example.com',
      'BFF_OIDC_ISSUER="http://login.example.com": must start with https:// (http:// only for a provider on this host)',
      'BFF_OIDC_CLIENT_ID="": is required when BFF_OIDC_ISSUER is set',
      'BFF_OIDC_CLIENT_SECRET="": is required when BFF_OIDC_ISSUER is set',
    ]);
    expect(configProblems(() => readBffEnv({ BFF_OIDC_ISSUER: 'https://login.example.com' }))).toEqual([
      'BFF_OIDC_CLIENT_ID="": is required when BFF_OIDC_ISSUER is set',
      'BFF_OIDC_CLIENT_SECRET="": is required when BFF_OIDC_ISSUER is set',
    ]);
    expect(configProblems(() => readBffEnv({ BFF_LOCAL_ACCOUNTS: 'false' }))).toEqual([
      'BFF_LOCAL_ACCOUNTS="false": may be false only with BFF_OIDC_ISSUER set: nobody could sign in',
    ]);
  });
});
