import { readRecent, rememberRecent } from './recent-list.ts';

/** The last ten producer contracts staff worked with, as IDs only; shared by every page that picks a contract. */
export interface ContractRef {
  user: string;
  contract: string;
}

const KEY = 'recent-contracts';
const LIMIT = 10;

function isContractRef(value: unknown): value is ContractRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    'user' in value &&
    typeof value.user === 'string' &&
    'contract' in value &&
    typeof value.contract === 'string'
  );
}

export function readRecentContracts(): ContractRef[] {
  return readRecent(KEY, isContractRef, LIMIT);
}

export function rememberContract(ref: ContractRef): ContractRef[] {
  return rememberRecent(
    KEY,
    ref,
    isContractRef,
    (a, b) => a.user === b.user && a.contract === b.contract,
    LIMIT,
  );
}
