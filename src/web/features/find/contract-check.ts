import { PATH_ID_PATTERN } from '../../../contract/api/common.ts';
import type { KnownContract } from './search-results.ts';
import { operationPath } from '../../../contract/api/operation-paths.ts';

/**
 * What the console can say about a user/contract pair before anything is sent:
 * - `known`: among the contracts the console worked with (its records), with the producer's name if known;
 * - `exists`: not in the records, but the platform has a feed-in list for it;
 * - `unknown`: the platform answers 404 for it — most likely a typo (`C1OOO`);
 * - `unchecked`: neither could say (the platform refused the probe otherwise, or did not answer).
 */
export type ContractVerdict =
  | { kind: 'known'; contract: KnownContract }
  | { kind: 'exists' }
  | { kind: 'unknown' }
  | { kind: 'unchecked' };

/** The verdict from the records' answer and the platform probe's status (null: no answer). */
export function contractVerdict(
  known: KnownContract | undefined,
  probeStatus: number | null,
): ContractVerdict {
  if (known) return { kind: 'known', contract: known };
  if (probeStatus === 404) return { kind: 'unknown' };
  if (probeStatus !== null && probeStatus >= 200 && probeStatus < 300) return { kind: 'exists' };
  return { kind: 'unchecked' };
}

/** Only a pair the platform says it does not know is confirmed before sending; the rest is sent as it is. */
export const needsConfirmation = (verdict: ContractVerdict | undefined): boolean =>
  verdict?.kind === 'unknown';

/** A pair worth checking: both IDs as the platform's paths accept them (else the form's own check speaks). */
export function checkablePair(
  userId: string,
  contractId: string,
): { userId: string; contractId: string } | null {
  const user = userId.trim();
  const contract = contractId.trim();
  const valid = (id: string) => id.length > 0 && id.length <= 64 && PATH_ID_PATTERN.test(id);
  return valid(user) && valid(contract) ? { userId: user, contractId: contract } : null;
}

/**
 * The cheapest read that says whether the platform knows a contract: its feed-in list for the first
 * quarter hour of today (UTC), one value at most (spec 4.2's query: start, end, limit).
 */
export function probeRequest(userId: string, contractId: string, now: Date) {
  const today = now.toISOString().slice(0, 10);
  return {
    path: `/api${operationPath('producers_contracts_feed_list', { userID: userId, contractID: contractId })}`,
    searchParams: { start: `${today}T00:00:00Z`, end: `${today}T00:15:00Z`, limit: '1' },
  };
}
