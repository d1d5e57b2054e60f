import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The shared test vectors (../shared/vectors/identifiers.json beside the project). Tests only. */
export interface IdentifierVectors {
  market_location_id: { valid: string[]; invalid: Record<string, string> };
  iban: { valid: string[]; invalid: Record<string, string> };
  delivery_start_private_E03: { today: string; earliest: string }[];
}

export function loadIdentifierVectors(): IdentifierVectors {
  const file = resolve(import.meta.dirname, '../../../../shared/vectors/identifiers.json');
  return JSON.parse(readFileSync(file, 'utf8')) as IdentifierVectors;
}
