import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

afterEach(() => onlineManager.setOnline(true));

/** Runs a write whose request never leaves (as fetch fails offline), counting how often it is sent. */
function failingWrite(client: QueryClient): { write: Promise<unknown>; timesSent: () => number } {
  let sent = 0;
  const write = client
    .getMutationCache()
    .build(client, {
      mutationFn: () => {
        sent += 1;
        return Promise.reject(new TypeError('Failed to fetch'));
      },
    })
    .execute(undefined);
  return { write, timesSent: () => sent };
}

describe("the console's query client", () => {
  it('sends a write at once while the browser says it is offline, and lets its failure reach the form', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const { write, timesSent } = failingWrite(client);
    await expect(write).rejects.toThrow('Failed to fetch');
    expect(timesSent()).toBe(1);
    expect(
      client
        .getMutationCache()
        .getAll()
        .some((mutation) => mutation.state.isPaused),
    ).toBe(false);
  });

  it('never sends a failed write again by itself', async () => {
    const { write, timesSent } = failingWrite(createQueryClient());
    await expect(write).rejects.toThrow();
    expect(timesSent()).toBe(1);
  });
});
