import type { Readable } from 'node:stream';

/** An upstream answer larger than the BFF buffers (ENERGY_API_MAX_RESPONSE_BYTES). */
export class TooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the answer exceeds ${limit} bytes`);
    this.name = 'TooLargeError';
  }
}

/**
 * The whole body, at most `limit` bytes: an answer that declares more (Content-Length) is refused
 * before a byte is read, one that sends more is cut off at the first chunk past the limit. Either
 * way the upstream connection is destroyed, not drained.
 */
export async function readCapped(body: Readable, limit: number, declaredLength?: number): Promise<Buffer> {
  if (declaredLength !== undefined && declaredLength > limit) {
    body.destroy();
    throw new TooLargeError(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop (throw) destroys the stream.
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new TooLargeError(limit);
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

/** `application/json` and `application/…+json` (problem+json), any parameters. */
export function isJsonMediaType(contentType: string): boolean {
  const semicolon = contentType.indexOf(';');
  const type = (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** The media type alone, safe to name in a message (no parameters, at most 60 characters). */
export function mediaTypeName(contentType: string | undefined): string {
  if (!contentType) return 'no content type';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type.slice(0, 60) : 'an unreadable content type';
}

/** The Content-Length an upstream declared, when it is a plain number. */
export function declaredLength(header: string | string[] | undefined): number | undefined {
  return typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : undefined;
}

/**
 * The start of an answer, at most `limit` bytes, as text: for a write only the status counts, and its
 * body is a few hundred bytes; the rest of a larger one is not read (the connection is destroyed).
 */
export async function readStart(body: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
