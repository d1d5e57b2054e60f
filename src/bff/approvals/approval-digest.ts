import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What an approval covers: SHA-256 (hex) of the method, the path and the body's exact text, as a JSON
 * array (so no text can move from one part into another and keep the digest). Any change of amount,
 * contract, date or payee text is another digest (PSD2's dynamic linking).
 */
export function requestDigest(method: string, path: string, bodyText: string): string {
  return createHash('sha256')
    .update(JSON.stringify([method, path, bodyText]))
    .digest('hex');
}

/** The approver's mark on a digest: HMAC-SHA256 of digest, approver and time, keyed by the BFF's secret. */
export function approvalSignature(key: Buffer, digest: string, approver: string, at: Date): string {
  return createHmac('sha256', key).update(`${digest}\n${approver}\n${at.toISOString()}`).digest('hex');
}

/**
 * Whether the stored request may be forwarded: its text still hashes to the digest, and the approval's
 * signature is over that digest, by that approver, at that time. Anything else is not sent.
 */
export function isForwardable(
  key: Buffer,
  stored: {
    method: string;
    path: string;
    bodyText: string;
    digest: string;
    decidedBy: string | null;
    decidedAt: Date | null;
    signature: string | null;
  },
): boolean {
  if (!stored.decidedBy || !stored.decidedAt || !stored.signature) return false;
  if (requestDigest(stored.method, stored.path, stored.bodyText) !== stored.digest) return false;
  const expected = Buffer.from(
    approvalSignature(key, stored.digest, stored.decidedBy, stored.decidedAt),
    'hex',
  );
  const given = Buffer.from(stored.signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type DigestedRow = { row: number; userId: string; contractId: string | null; body: unknown };

/**
 * A bulk campaign's rows as one digest: row number, user, contract and body of every row in file order,
 * read in batches. Its approval covers exactly these rows.
 */
export async function rowsDigest(
  batches: AsyncIterable<readonly DigestedRow[]> | Iterable<readonly DigestedRow[]>,
): Promise<string> {
  const hash = createHash('sha256');
  for await (const batch of batches)
    for (const row of batch)
      hash.update(`${row.row}\t${row.userId}\t${row.contractId ?? ''}\t${JSON.stringify(row.body)}\n`);
  return hash.digest('hex');
}
