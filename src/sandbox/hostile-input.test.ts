import { describe, expect, it } from 'vitest';
import { exampleCharge } from '../contract/testing/examples.ts';
import { useSuiteSandbox } from './testing/suite-sandbox.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('sandbox: hostile input is a 400 in the API’s shape', () => {
  const suite = useSuiteSandbox('pglite');

  const post = (url: string, payload: string) =>
    suite.sandbox.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${suite.token}`, 'content-type': 'application/json' },
      payload,
    });

  it('refuses JSON nested ~20,000 levels deep instead of overflowing the stack', async () => {
    for (const payload of [nested(20_000), `{"input_id":${nested(20_000)}}`, '{"a":'.repeat(5000)]) {
      const response = await post('/v3/producers/P1000/contracts/C1000/charges_and_credits/', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'JSON parse error - nested more than 64 levels deep.' });
    }
  });

  it('still takes JSON within the limit, brackets inside strings not counted', async () => {
    const response = await post(
      '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      JSON.stringify({ ...exampleCharge, input_id: 'depth-1', display_name: `[{${'['.repeat(100)}"\\"` }),
    );
    expect(response.statusCode).toBe(201);
  });

  it('keeps refusing prototype poisoning', async () => {
    const response = await post(
      '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      '{"__proto__":{"admin":true}}',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });

  it('answers an over-long path segment and a bad percent-encoding with {detail}', async () => {
    const long = await suite.sandbox.app.inject({
      method: 'GET',
      url: `/v3/producers/${'P'.repeat(300)}/contracts/C1000/feed/`,
      headers: { authorization: `Bearer ${suite.token}` },
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: 'A part of the address is too long.' });
    const bad = await suite.sandbox.app.inject({
      method: 'GET',
      url: '/v3/producers/%E0%A4%A/contracts/C1000/feed/',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'The address is not valid.' });
  });
});
