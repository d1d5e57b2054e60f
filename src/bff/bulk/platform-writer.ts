import { Agent, errors, request } from 'undici';
import { isDuplicateAnswer } from '../../contract/api/duplicate-answer.ts';
import type { BulkKind } from '../../contract/bulk.ts';
import { errorCode } from '../../node-shared/error-fields.ts';
import type { TokenManager } from '../token-manager.ts';

export interface PlatformWriterOptions {
  baseUrl: string;
  tokens: TokenManager;
  timeoutMs: number;
  salespartner?: string | undefined;
}

/**
 * What the platform answered; `status` 0 when no answer came. Then `mayHaveArrived` tells whether the
 * request may have reached it (a timeout or a connection lost after sending) or cannot have (refused
 * connection, no token).
 */
export interface PlatformAnswer {
  status: number;
  body: unknown;
  mayHaveArrived: boolean;
}

/** An answer to one write is a few hundred bytes; beyond this only its status and start are kept. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The answer's text, at most `limit` bytes of it (the rest is not read: the status is what counts). */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** Errors raised before a byte of the request can have left: nothing reached the platform. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const notSent = (error: unknown) =>
  error instanceof errors.ConnectTimeoutError || NOT_SENT_CODES.has(errorCode(error) ?? '');

/** The platform's path and the operation the audit names, for one row. */
export function rowOperation(kind: BulkKind, userId: string, contractId: string | null) {
  const user = encodeURIComponent(userId);
  return kind === 'charges'
    ? {
        id: 'producers_contracts_charges_and_credits_create',
        path: `/v3/producers/${user}/contracts/${encodeURIComponent(contractId ?? '')}/charges_and_credits/`,
      }
    : { id: 'migrations_consumers_create', path: `/v3/migrations/consumers/${user}/` };
}

/** Server-side writes for bulk campaigns: the BFF's client credentials, a fresh token on a 401. */
export class PlatformWriter {
  private readonly agent = new Agent({ connections: 16, keepAliveTimeout: 30_000 });

  constructor(private readonly options: PlatformWriterOptions) {}

  /** POSTs `body`: an object is sent as its JSON, a string as those very bytes (an approved request's). */
  async post(
    path: string,
    body: Record<string, unknown> | string,
    requestId: string,
  ): Promise<PlatformAnswer> {
    for (let attempt = 0; attempt < 2; attempt++) {
      let token: string;
      try {
        token = await this.options.tokens.token();
      } catch {
        return {
          status: 0,
          body: { detail: 'The Energy Platform did not issue an access token.', code: 'platform_no_token' },
          mayHaveArrived: false,
        };
      }
      try {
        const response = await request(`${this.options.baseUrl}${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            'content-type': 'application/json',
            'x-request-id': requestId,
            ...(this.options.salespartner ? { 'x-salespartner': this.options.salespartner } : {}),
          },
          body: typeof body === 'string' ? body : JSON.stringify(body),
          dispatcher: this.agent,
          // One deadline for the whole exchange, as the proxy's: a platform trickling its answer does not
          // hold a row (and a lane) for longer than ENERGY_API_TIMEOUT_MS.
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        const text = await readCapped(response.body, MAX_ANSWER_BYTES);
        if (response.statusCode === 401 && attempt === 0) {
          this.options.tokens.invalidate(undefined, token);
          continue;
        }
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: kept as text for the message
        }
        return { status: response.statusCode, body: parsed, mayHaveArrived: true };
      } catch (error) {
        const timedOut =
          error instanceof errors.HeadersTimeoutError ||
          error instanceof errors.BodyTimeoutError ||
          (error instanceof Error && error.name === 'TimeoutError');
        return {
          status: 0,
          body: {
            detail: timedOut
              ? 'The Energy Platform did not answer in time.'
              : notSent(error)
                ? 'The Energy Platform cannot be reached.'
                : 'The connection to the Energy Platform broke before it answered.',
            code: timedOut
              ? 'platform_timeout'
              : notSent(error)
                ? 'platform_unreachable'
                : 'platform_connection_broke',
          },
          mayHaveArrived: !notSent(error),
        };
      }
    }
    return {
      status: 401,
      body: {
        detail: 'The Energy Platform refused the console’s credentials (a fresh access token too).',
        code: 'platform_credentials_refused',
      },
      mayHaveArrived: false,
    };
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** The platform's message for staff: its `detail`, or its field errors as `field: message`. */
export function platformMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    if ('detail' in body && typeof body.detail === 'string') return body.detail;
    const fields = Object.entries(body).flatMap(([field, messages]) =>
      Array.isArray(messages) ? messages.map((message) => `${field}: ${String(message)}`) : [],
    );
    if (fields.length) return fields.join('; ');
  }
  return typeof body === 'string' && body ? body.slice(0, 500) : 'No explanation given.';
}

/**
 * A refusal that means "this was done already": a charge whose `input_id` exists on the contract, a
 * consumer already migrated. After a crash or a lost answer, the row's earlier attempt did the work.
 */
export function isAlreadyDone(kind: BulkKind, answer: PlatformAnswer): boolean {
  return isDuplicateAnswer(kind === 'charges' ? 'charge' : 'consumer_migration', answer.status, answer.body);
}
