import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod/mini';

/**
 * The test vectors of shared/vectors/identifiers.json (the brief's), copied into the repository beside this file so
 * that a clone anywhere passes its tests. Tests only.
 */
const identifierVectorsSchema = z.object({
  market_location_id: z.object({ valid: z.array(z.string()), invalid: z.record(z.string(), z.string()) }),
  iban: z.object({ valid: z.array(z.string()), invalid: z.record(z.string(), z.string()) }),
  delivery_start_private_E03: z.array(z.object({ today: z.string(), earliest: z.string() })),
});
export type IdentifierVectors = z.infer<typeof identifierVectorsSchema>;

export function loadIdentifierVectors(): IdentifierVectors {
  const file = resolve(import.meta.dirname, 'identifier-vectors.json');
  return identifierVectorsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}
