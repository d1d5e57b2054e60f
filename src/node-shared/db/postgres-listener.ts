import pg from 'pg';
import type { NotificationHandlers } from './connect.ts';

const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];

/**
 * LISTEN on one channel over a dedicated connection (a pooled one would be handed to other queries).
 * A dropped connection is re-established with backoff; since notifications sent meanwhile are lost,
 * `onGap` tells the owner to forget whatever the notifications keep fresh.
 */
export class PostgresListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.handlers.onNotify(message.payload ?? '');
    });
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    this.client = client;
    this.attempt = 0;
  }

  private reconnect(client: pg.Client): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    this.handlers.onGap?.();
    client.end().catch(() => {});
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt++, RECONNECT_DELAYS_MS.length - 1)]!;
    this.retryTimer = setTimeout(() => {
      if (this.stopped) return;
      this.start().then(
        // Whatever was sent while reconnecting is lost: forget again once listening.
        () => this.handlers.onGap?.(),
        (error: Error) => {
          process.emitWarning(`LISTEN ${this.channel} failed, retrying: ${error.message}`);
          this.scheduleRetry();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
