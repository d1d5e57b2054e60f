/**
 * The last ten producer contracts staff worked with, as IDs only (no personal data), in localStorage so
 * they are offered again tomorrow. Shared by every page that picks a contract.
 */
export interface ContractRef {
  user: string;
  contract: string;
}

const KEY = 'recent-contracts';
const LIMIT = 10;

export function readRecentContracts(): ContractRef[] {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    if (!Array.isArray(stored)) return [];
    return stored
      .filter(
        (entry): entry is ContractRef =>
          typeof entry?.user === 'string' && typeof entry?.contract === 'string',
      )
      .slice(0, LIMIT);
  } catch {
    return [];
  }
}

export function rememberContract(ref: ContractRef): ContractRef[] {
  const recent = [
    ref,
    ...readRecentContracts().filter((entry) => entry.user !== ref.user || entry.contract !== ref.contract),
  ].slice(0, LIMIT);
  localStorage.setItem(KEY, JSON.stringify(recent));
  return recent;
}
