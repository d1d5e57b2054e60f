import { describe, expect, it } from 'vitest';
import { sessionUserSchema } from '../../contract/bff-api.ts';
import { FakeBff } from './fake-bff.ts';

const CHARGES = 'http://localhost/api/v3/producers/P1000/contracts/C1000/charges_and_credits/';
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

describe('the fake BFF of the page tests', () => {
  it('answers a declared route with what the test gives, its body read by the route’s schema', async () => {
    const bff = new FakeBff().own('GET', '/bff/user', sessionUserSchema, () => ({
      status: 200,
      body: { username: 'olga', role: 'operator', environment: 'sandbox' },
    }));
    const response = await bff.fetch('http://localhost/bff/user');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ username: 'olga', role: 'operator', environment: 'sandbox' });
  });

  it('fails on an answer the real BFF could not give', async () => {
    const bff = new FakeBff().own('GET', '/bff/user', sessionUserSchema, () => ({
      status: 200,
      body: { username: 'olga', role: 'superuser' },
    }));
    await expect(bff.fetch('http://localhost/bff/user')).rejects.toThrow(/role/);
    const platform = new FakeBff().platform('producers_contracts_feed_list', () => ({ status: 500 }));
    await expect(
      platform.fetch(
        'http://localhost/api/v3/producers/P1000/contracts/C1000/feed/?start=2025-06-01T00:00:00Z&end=2025-06-02T00:00:00Z',
      ),
    ).rejects.toThrow(/does not answer/);
  });

  it('fails on a platform request the contract refuses, before the test’s handler sees it', async () => {
    let seen = 0;
    const bff = new FakeBff().platform('producers_contracts_charges_and_credits_create', () => {
      seen += 1;
      return { status: 400, body: { detail: 'no' } };
    });
    await expect(bff.fetch(CHARGES, post({ amount_cent: 'twelve' }))).rejects.toThrow();
    expect(seen).toBe(0);
  });

  it('answers what nobody declared with 404 and names it when asked', async () => {
    const bff = new FakeBff();
    expect((await bff.fetch('http://localhost/bff/approvals?status=pending')).status).toBe(404);
    expect(() => bff.assertAllHandled()).toThrow('GET /bff/approvals');
  });
});
