import { createHash } from 'node:crypto';

/** Client secrets and access tokens are stored as sha256 hex, never in clear. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
