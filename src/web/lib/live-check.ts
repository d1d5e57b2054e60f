import { z } from 'zod/mini';
import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { request } from './api-client.ts';
import { useDebounced } from './use-draft.ts';

export const LIVE_CHECK_DELAY_MS = 300;

export type LiveCheckState =
  | { status: 'idle' }
  | { status: 'incomplete'; hint: string }
  | { status: 'checking' }
  | { status: 'valid' }
  | { status: 'invalid'; message: string; earliest?: string }
  | { status: 'error'; message: string };

export interface LiveCheckOptions {
  /** Identifies the check and its cache (e.g. 'iban'). */
  name: string;
  /** Local pre-check: a hint for obviously incomplete input (no request), or null to ask the server. */
  precheck: (value: string) => string | null;
  path: string;
  params: (value: string) => Record<string, string>;
}

/** One check of one value: the check's name and the path it asks, then the value as typed (trimmed). */
const liveCheckKey = (options: Pick<LiveCheckOptions, 'name' | 'path'>, value: string) =>
  ['live-check', options.name, options.path, value] as const;

/** A check's refusal in words; the delivery-start check adds the earliest day it could start. */
const checkRefusalSchema = z.object({
  detail: z.string(),
  earliest_possible_delivery_start: z.catch(z.optional(z.string()), undefined),
});

/**
 * Live server check while typing: local pre-check first, then the server after a pause. Each value is
 * its own query (cached); a superseded request is aborted through the query's signal, and the result
 * shown always belongs to the current value, so a stale answer never appears.
 */
export function useLiveCheck(value: string, options: LiveCheckOptions): LiveCheckState {
  const settled = useDebounced(value, LIVE_CHECK_DELAY_MS);
  const trimmed = value.trim();
  const hint = trimmed === '' ? null : options.precheck(trimmed);
  const ready = trimmed !== '' && hint === null && settled === value;
  const query = useQuery({
    queryKey: liveCheckKey(options, trimmed),
    queryFn: ({ signal }) => request('get', options.path, { searchParams: options.params(trimmed), signal }),
    enabled: ready,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (trimmed === '') return { status: 'idle' };
  if (hint !== null) return { status: 'incomplete', hint };
  if (!ready || query.isFetching || !query.data) {
    if (query.isError) return { status: 'error', message: query.error.message };
    return { status: 'checking' };
  }
  const { status, body } = query.data;
  if (status === 200) return { status: 'valid' };
  const refusal = status === 400 ? checkRefusalSchema.safeParse(body) : null;
  if (refusal?.success) {
    const { detail, earliest_possible_delivery_start: earliest } = refusal.data;
    return { status: 'invalid', message: detail, ...(earliest ? { earliest } : {}) };
  }
  if (status === 400 && body && typeof body === 'object') {
    return { status: 'invalid', message: Object.values(body).flat().join(' ') };
  }
  return {
    status: 'error',
    message: t`The check could not be made (HTTP ${status}). It will be retried when you change the value.`,
  };
}
