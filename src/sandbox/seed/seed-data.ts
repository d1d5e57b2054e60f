import type { FeedProfile } from './feed-generator.ts';

/** Pinned in product.md: tests outside the project rely on these. */
export const SEED_CLIENTS = [
  { clientId: 'sandbox-rw', secret: 'sandbox-rw-secret', allowedScopes: 'read write' },
  { clientId: 'sandbox-ro', secret: 'sandbox-ro-secret', allowedScopes: 'read' },
] as const;

export const SEED_SALESPARTNER = 'sandbox-salespartner';

export const SEED_PRODUCERS: readonly {
  userId: string;
  name: string;
  contract: { contractId: string; description: string; feed: FeedProfile };
}[] = [
  {
    userId: 'P1000',
    name: 'Rooftop PV producer',
    contract: {
      contractId: 'C1000',
      description: 'Rooftop PV, about 9.8 kWp near 51° N',
      feed: { kind: 'pv', seed: 1000, missingDays: ['2025-08-12'] },
    },
  },
  {
    userId: 'P2000',
    name: 'Wind park producer',
    contract: {
      contractId: 'C2000',
      description: 'Wind park, about 3 MW',
      feed: { kind: 'wind', seed: 2000, missingDays: [] },
    },
  },
];
