import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';

afterEach(() => onlineManager.setOnline(true));

describe("the console's query client", () => {
  it('sends a write at once while the browser says it is offline, and lets its failure reach the form', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
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
    await expect(write).rejects.toThrow('Failed to fetch');
    expect(sent).toBe(1);
    expect(
      client
        .getMutationCache()
        .getAll()
        .some((mutation) => mutation.state.isPaused),
    ).toBe(false);
  });

  it('never sends a failed write again by itself', async () => {
    const client = createQueryClient();
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
    await expect(write).rejects.toThrow();
    expect(sent).toBe(1);
  });
});
