// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { ApiError, describeFailure, send } from './api-client.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  return i18n.loadAndActivate({ locale: 'en', messages: en });
});

describe('describeFailure', () => {
  it('shows the platform detail verbatim', () => {
    expect(describeFailure(400, { detail: 'check digit validation failed' })).toBe(
      'check digit validation failed',
    );
  });

  it('lists field errors with their field', () => {
    expect(
      describeFailure(400, {
        amount_cent: ['Ensure this value is greater than or equal to 0.'],
        input_id: ['a', 'b'],
      }),
    ).toBe('amount_cent: Ensure this value is greater than or equal to 0. input_id: a input_id: b');
  });

  it('explains an unreachable platform and anything else by status', () => {
    expect(describeFailure(504, null)).toMatch(/not answering/);
    expect(describeFailure(502, '<html>')).toMatch(/not answering/);
    expect(describeFailure(500, 'oops')).toBe('The request failed (HTTP 500).');
  });

  it('speaks the UI language: the platform’s words with their meaning, the console server’s own replaced', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(new ApiError(400, { detail: 'check digit validation failed' }, '/api/v3/x/').message).toBe(
      'check digit validation failed — Die Prüfziffer (die letzte Ziffer) stimmt nicht: Suchen Sie nach einem Tippfehler.',
    );
    expect(
      new ApiError(404, { detail: 'Reworded: no such account.', code: 'no_such_account' }, '/bff/users/x')
        .message,
    ).toBe('Dieses Konto gibt es nicht.');
    expect(
      new ApiError(400, { username: ['An account with this username exists.'] }, 'bff/users').message,
    ).toBe('username: Ein Konto mit diesem Benutzernamen gibt es schon.');
  });
});

describe('send', () => {
  /** A fetch that fails on the network `failures` times, then answers with `status`. */
  function stubFetch(failures: number, status = 200) {
    const calls: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      calls.push(request);
      if (calls.length <= failures) throw new TypeError('Failed to fetch');
      return new Response('{}', { status });
    });
    return calls;
  }

  it('sends same-origin with X-CSRF, a JSON body and the query', async () => {
    const calls = stubFetch(0);
    await send('/bff/x', { method: 'post', json: { a: 1 }, searchParams: { q: 'a b' } });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.method).toBe('POST');
    expect(call!.credentials).toBe('same-origin');
    expect(new URL(call!.url).pathname + new URL(call!.url).search).toBe('/bff/x?q=a+b');
    expect(call!.headers.get('x-csrf')).toBe('1');
    expect(call!.headers.get('content-type')).toBe('application/json');
    expect(await call!.text()).toBe('{"a":1}');
  });

  it('tries a read once more after a network failure, never a write, and returns a 5xx as an answer', async () => {
    let calls = stubFetch(1);
    expect((await send('bff/x')).status).toBe(200);
    expect(calls).toHaveLength(2);
    calls = stubFetch(2);
    await expect(send('bff/x')).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(2);
    calls = stubFetch(1);
    await expect(send('bff/x', { method: 'post', json: {} })).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(1);
    calls = stubFetch(0, 503);
    expect((await send('bff/x')).status).toBe(503);
    expect(calls).toHaveLength(1);
  });
});
