import { Agent, type Dispatcher } from 'undici';
import type { TokenManager } from '../token-manager.ts';
import { readCapped, readStart, TooLargeError } from './answer-body.ts';
import { Deadline } from './deadline.ts';
import { classifyFailure, PLATFORM_FAILURE_CODES, PlatformFailure } from './platform-failure.ts';

export interface PlatformClientOptions {
  /** ENERGY_API_BASE_URL, possibly with a path prefix before `/v3/…`. */
  baseUrl: string;
  tokens: TokenManager;
  /** ENERGY_API_TIMEOUT_MS: the total time for both attempts, the answer's headers and its whole body. */
  timeoutMs: number;
  /** ENERGY_API_SALESPARTNER: sent as `X-Salespartner` on every call. */
  salespartner?: string | undefined;
}

export interface Exchange {
  method: Dispatcher.HttpMethod;
  /** The path below the base URL (`/v3/…`) with its query string, as it goes on the wire. */
  path: string;
  requestId: string;
  /** A JSON body, as the bytes that leave. */
  body?: Buffer | string | undefined;
  deadline: Deadline;
}

/**
 * What the platform answered to a write; `status` 0 when no answer came. Then `mayHaveArrived` tells
 * whether the request may have reached it (a timeout or a connection lost after sending) or cannot
 * have (refused connection, no token).
 */
export interface PlatformAnswer {
  status: number;
  body: unknown;
  mayHaveArrived: boolean;
}

/** An answer to one write is a few hundred bytes; beyond this only its status and start are kept. */
const MAX_WRITE_ANSWER_BYTES = 64 * 1024;

/**
 * The BFF's one client of the Energy Platform, used by the `/api` proxy, bulk campaigns, approvals and shared links:
 * one connection pool, the console's client-credentials token (replaced once on a 401), one deadline per
 * exchange, and one classification of what went wrong ({@link PlatformFailure}). The browser's headers
 * never reach it: each exchange has a fresh header set.
 */
export class PlatformClient {
  private readonly agent = new Agent({ connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });
  private readonly origin: string;
  /** The base URL's path ('' or '/prefix'), before `/v3/…`. */
  readonly basePath: string;

  constructor(readonly options: PlatformClientOptions) {
    const base = new URL(options.baseUrl);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
  }

  get timeoutMs(): number {
    return this.options.timeoutMs;
  }

  /** A deadline of ENERGY_API_TIMEOUT_MS for one exchange (`onExpire` runs when it passes). */
  deadline(onExpire?: () => void): Deadline {
    return new Deadline(this.options.timeoutMs, onExpire);
  }

  /**
   * Sends one request and gives the platform's answer with its body unread, unless it is a 401: then
   * the token is replaced and the request sent once more; a second 401 is `credentials_refused`.
   * Throws {@link PlatformFailure} when no answer came.
   */
  async exchange(exchange: Exchange): Promise<Dispatcher.ResponseData> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.token();
      const response = await this.send(exchange, token);
      if (response.statusCode !== 401) return response;
      await this.discard(response, exchange.deadline);
      this.options.tokens.invalidate(undefined, token);
      if (attempt > 0) throw new PlatformFailure('credentials_refused');
    }
  }

  /**
   * POSTs a JSON body and reads the answer's start, within one deadline: for writes whose answer is
   * stored (bulk rows, approved requests). A string is sent as those very bytes (an approved request's).
   */
  async post(
    path: string,
    body: Record<string, unknown> | string,
    requestId: string,
  ): Promise<PlatformAnswer> {
    const deadline = this.deadline();
    try {
      const response = await this.exchange({
        method: 'POST',
        path: `${this.basePath}${path}`,
        requestId,
        body: typeof body === 'string' ? body : JSON.stringify(body),
        deadline,
      });
      const text = await readStart(response.body, MAX_WRITE_ANSWER_BYTES);
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: kept as text for the message
      }
      return { status: response.statusCode, body: parsed, mayHaveArrived: true };
    } catch (error) {
      const failure = classifyFailure(error, deadline.expired);
      // The platform's own refusal of the credentials keeps its status: a row refused, not lost.
      const status = failure.reason === 'credentials_refused' ? 401 : 0;
      return {
        status,
        body: { detail: failure.message, code: PLATFORM_FAILURE_CODES[failure.reason] },
        mayHaveArrived: failure.mayHaveArrived,
      };
    } finally {
      deadline.clear();
    }
  }

  /**
   * GETs a read within one deadline and reads its whole body, at most `maxBytes` (a shared report's feed
   * pages). Throws {@link PlatformFailure} when no whole answer came, `TooLargeError` past `maxBytes`.
   */
  async read(path: string, requestId: string, maxBytes: number): Promise<{ status: number; text: string }> {
    const deadline = this.deadline();
    try {
      const response = await this.exchange({
        method: 'GET',
        path: `${this.basePath}${path}`,
        requestId,
        deadline,
      });
      const text = (await readCapped(response.body, maxBytes)).toString('utf8');
      return { status: response.statusCode, text };
    } catch (error) {
      if (error instanceof TooLargeError) throw error;
      throw classifyFailure(error, deadline.expired);
    } finally {
      deadline.clear();
    }
  }

  private async token(): Promise<string> {
    try {
      return await this.options.tokens.token();
    } catch (error) {
      // Whatever went wrong, nothing was sent.
      throw new PlatformFailure('no_token', error);
    }
  }

  private async send(exchange: Exchange, token: string): Promise<Dispatcher.ResponseData> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'x-request-id': exchange.requestId,
    };
    if (exchange.body !== undefined) headers['content-type'] = 'application/json';
    if (this.options.salespartner) headers['x-salespartner'] = this.options.salespartner;
    try {
      // The dispatcher itself, with origin and path: undici.request(url) parses a URL per call.
      return await this.agent.request({
        origin: this.origin,
        path: exchange.path,
        method: exchange.method,
        headers,
        body: exchange.body,
        signal: exchange.deadline,
      });
    } catch (error) {
      throw classifyFailure(error, exchange.deadline.expired);
    }
  }

  /** Reads and drops a small body (a 401's), so the connection is reused; a large one is cut. */
  private async discard(response: Dispatcher.ResponseData, deadline: Deadline): Promise<void> {
    try {
      await response.body.dump({ limit: 64 * 1024 });
    } catch {
      // Its content does not matter; the deadline still holds for what follows.
      if (deadline.expired) throw new PlatformFailure('timeout');
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
