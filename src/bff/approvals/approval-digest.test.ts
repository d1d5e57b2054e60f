import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { approvalSignature, isForwardable, requestDigest, rowsDigest } from './approval-digest.ts';

const key = randomBytes(32);
const path = '/v3/producers/P1000/contracts/C1000/charges_and_credits/';
const bodyText = JSON.stringify({ amount_cent: 150000, input_id: 'big-1' });
const decidedAt = new Date('2026-11-24T09:00:00.000Z');

function approved(overrides: Partial<Parameters<typeof isForwardable>[1]> = {}) {
  const digest = requestDigest('POST', path, bodyText);
  return {
    method: 'POST',
    path,
    bodyText,
    digest,
    decidedBy: 'otto',
    decidedAt,
    signature: approvalSignature(key, digest, 'otto', decidedAt),
    ...overrides,
  };
}

describe('the digest an approval signs', () => {
  it('is the SHA-256 of method, path and body text as a JSON array', () => {
    expect(requestDigest('POST', path, bodyText)).toBe(
      createHash('sha256')
        .update(JSON.stringify(['POST', path, bodyText]))
        .digest('hex'),
    );
  });

  it('changes with any change of amount, path or method', () => {
    const digest = requestDigest('POST', path, bodyText);
    expect(requestDigest('POST', path, bodyText.replace('150000', '150001'))).not.toBe(digest);
    expect(requestDigest('POST', path.replace('C1000', 'C2000'), bodyText)).not.toBe(digest);
    expect(requestDigest('PUT', path, bodyText)).not.toBe(digest);
    // Text moved from the path into the body cannot give the same digest.
    expect(requestDigest('POST', `${path}\n`, bodyText)).not.toBe(
      requestDigest('POST', path, `\n${bodyText}`),
    );
  });
});

describe('what may be forwarded', () => {
  it('is the stored request whose text still hashes to the approved digest, signed by its approver', () => {
    expect(isForwardable(key, approved())).toBe(true);
  });

  it('is nothing whose body, path or digest changed after the approval', () => {
    expect(isForwardable(key, approved({ bodyText: bodyText.replace('150000', '15000000') }))).toBe(false);
    expect(isForwardable(key, approved({ path: path.replace('P1000', 'P2000') }))).toBe(false);
    const other = requestDigest('POST', path, '{}');
    expect(isForwardable(key, approved({ digest: other, bodyText: '{}' }))).toBe(false);
  });

  it('is nothing whose signature names another approver or time, or was made with another key', () => {
    expect(isForwardable(key, approved({ decidedBy: 'olga' }))).toBe(false);
    expect(isForwardable(key, approved({ decidedAt: new Date(decidedAt.getTime() + 1) }))).toBe(false);
    expect(isForwardable(randomBytes(32), approved())).toBe(false);
    expect(isForwardable(key, approved({ signature: null }))).toBe(false);
    expect(isForwardable(key, approved({ signature: 'abcd' }))).toBe(false);
  });
});

describe("a bulk campaign's rows digest", () => {
  const rows = [
    { row: 1, userId: 'P1000', contractId: 'C1000', body: { amount_cent: 1 } },
    { row: 2, userId: 'P2000', contractId: null, body: {} },
  ];

  it('is the same however the rows come in batches', async () => {
    expect(await rowsDigest([rows])).toBe(await rowsDigest([[rows[0]!], [rows[1]!]]));
  });

  it('changes when any row changes', async () => {
    const digest = await rowsDigest([rows]);
    expect(await rowsDigest([[rows[0]!, { ...rows[1]!, contractId: 'C2000' }]])).not.toBe(digest);
    expect(await rowsDigest([[{ ...rows[0]!, body: { amount_cent: 2 } }, rows[1]!]])).not.toBe(digest);
    expect(await rowsDigest([[rows[0]!]])).not.toBe(digest);
  });
});
