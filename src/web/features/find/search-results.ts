import type { SearchKind, SearchResult } from '../../../contract/records.ts';
import { transactionTypeWord } from '../../lib/charge-amount.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';

/**
 * A result's second line in the UI language: a booking's type and amount, the IDs and names the BFF gives,
 * the day (`Gutschrift · 1.500,00 € · P1000 · C1000 · 28.11.2026`). The amount is unsigned: the word says which.
 */
export function resultSubtitle(result: SearchResult): string {
  const parts = [
    result.transaction && transactionTypeWord(result.transaction.type),
    result.transaction && formatMoney(result.transaction.amount_cent),
    result.subtitle,
    result.day && formatDate(result.day),
  ];
  return parts.filter(Boolean).join(' · ');
}

export interface ResultGroup {
  kind: SearchKind;
  results: SearchResult[];
}

/** Results by kind, the kinds in the order of their best result (the BFF answers best first). */
export function groupByKind(results: readonly SearchResult[]): ResultGroup[] {
  const groups = new Map<SearchKind, SearchResult[]>();
  for (const result of results) {
    const group = groups.get(result.kind) ?? [];
    group.push(result);
    groups.set(result.kind, group);
  }
  return [...groups].map(([kind, items]) => ({ kind, results: items }));
}

/** A producer contract the console knows: its IDs, the producer's name when known, as the BFF titles it. */
export interface KnownContract {
  userId: string;
  contractId: string;
  name: string | null;
  title: string;
  subtitle: string;
}

const CONTRACT_URL = /^\/producers\/([^/?#]+)\/contracts\/([^/?#]+)$/;

function decoded(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/**
 * A contract result as IDs and name: the IDs from its page's URL (`/producers/P1000/contracts/C1000`),
 * the name from its title (`P1000 · C1000 · Sonnendach GmbH`). Anything else: null.
 */
export function knownContract(result: SearchResult): KnownContract | null {
  if (result.kind !== 'contract') return null;
  const match = CONTRACT_URL.exec(result.url);
  if (!match) return null;
  const userId = decoded(match[1]!);
  const contractId = decoded(match[2]!);
  if (!userId || !contractId) return null;
  const name = result.title.split(' · ').slice(2).join(' · ').trim();
  return { userId, contractId, name: name || null, title: result.title, subtitle: resultSubtitle(result) };
}

export const knownContracts = (results: readonly SearchResult[]): KnownContract[] =>
  results.map(knownContract).filter((contract) => contract !== null);

/** The known contract with exactly these IDs (IDs compare as typed: the platform's paths do). */
export function findPair(
  contracts: readonly KnownContract[],
  userId: string,
  contractId: string,
): KnownContract | undefined {
  return contracts.find((contract) => contract.userId === userId && contract.contractId === contractId);
}

/** The producer of a lone contract ID, when the console knows exactly one contract by that ID. */
export function findContract(
  contracts: readonly KnownContract[],
  contractId: string,
): KnownContract | undefined {
  const matching = contracts.filter((contract) => contract.contractId === contractId);
  return matching.length === 1 ? matching[0] : undefined;
}
