import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { AuditEntry } from '../../contract/bff-api.ts';
import type { RecordRepository } from '../records/record-repository.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { BffDatabaseHandle } from '../db/connect.ts';
import { isConnectionLoss, retryOnConnectionLoss } from '../../node-shared/db/errors.ts';
import { errorMessage } from '../../node-shared/error-fields.ts';
import type { BulkCampaignRow, BulkRow, CampaignRepository } from './campaign-repository.ts';
import type { PlatformClient } from '../platform/platform-client.ts';
import { withNoticeText } from '../../contract/bulk-row-notices.ts';
import {
  postToPlatform,
  recordedWrite,
  type RecordedWriteResult,
  type WriteRefusal,
} from '../platform/recorded-write.ts';
import { rowOperation } from './row-operation.ts';
import { nextStep, settleExisting, type RetryPolicy } from './row-outcome.ts';

const QUEUE = 'bulk-campaign';
/** A job works on its campaign this long, then hands over to a fresh job (any replica may take it). */
const SLICE_MS = 20_000;
/** A slice's job: expired (so retried elsewhere) well after SLICE_MS, retried if a replica dies under it. */
const JOB_OPTIONS = { expireInSeconds: 60, retryLimit: 10, retryDelay: 2 } as const;
/** Database steps of a row are idempotent: tried again for ~18 s while the database comes back. */
const DATABASE_ATTEMPTS = 8;
/** How long a lane waits before trying its database again after a lost connection. */
const DATABASE_PAUSE_MS = 1000;
/** How often a lane reads its campaign's status (pause, cancel). */
const STATUS_CHECK_MS = 500;
/** A halt made on this replica lapses after this; the campaign's status in the database rules then. */
const HALT_LAPSES_MS = 4 * STATUS_CHECK_MS;
/** How often an idle slice looks again for rows whose retry time has come. */
const IDLE_WAIT_MS = 250;

/** At most `limit` platform calls in flight from this process, over all campaigns. */
class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Judges a charges row of a campaign that no one approved before it is sent (the four-eyes rules a single
 * booking meets): `begin` records it, with its gross total counted toward its contract's window, when it may
 * go; else the refusal's status and words, and nothing is recorded or sent.
 */
export type RowGate = (
  row: BulkRow,
  begin: (records: RecordRepository, unapprovedGrossCent: number) => Promise<number>,
) => Promise<{ recordId: number } | WriteRefusal>;

export interface CampaignRunnerOptions {
  database: BffDatabaseHandle;
  campaigns: CampaignRepository;
  platform: PlatformClient;
  audit: AuditRepository;
  /** The console's records: each row's write, once however often it is tried. */
  records: RecordRepository;
  /** The rows of charges campaigns that no one approved pass it; unset: none is judged. */
  gate?: RowGate;
  concurrency: number;
  /** A claimed row whose runner has not answered for this long is taken over (longer than a request may take). */
  leaseMs: number;
  log: FastifyBaseLogger;
  now: () => number;
  retryPolicy?: RetryPolicy;
}

/**
 * Runs campaigns as pg-boss jobs: a job works on one campaign for a slice of time with `concurrency`
 * rows in flight, then queues the next slice. Rows are claimed in the database one at a time, so jobs
 * on several replicas (or a duplicate job) never send a row twice at once; a claim left by a process that
 * died is taken over after the lease, and the platform's idempotency answers the repeat.
 *
 * pg-boss starts on first use (a campaign created or opened, or one found running at start), so a BFF
 * without campaigns pays nothing for it.
 */
export class CampaignRunner {
  private readonly limiter: Limiter;
  private boss: PgBoss | null = null;
  /** This process's worker on the queue, woken when this process queues a slice. */
  private workerId: string | null = null;
  private starting: Promise<PgBoss> | null = null;
  private stopped = false;
  /**
   * Campaigns paused or cancelled through this replica, and when: its lanes stop at once (others within
   * STATUS_CHECK_MS). A halt lapses after a few status checks — by then the database's status speaks, and a
   * resume made on another replica must not leave this one halted.
   */
  private readonly halted = new Map<string, number>();

  constructor(private readonly options: CampaignRunnerOptions) {
    this.limiter = new Limiter(options.concurrency);
  }

  /** Starts pg-boss and its worker, and queues a slice for every campaign left running (after a restart). */
  async ensureStarted(): Promise<PgBoss> {
    if (this.boss) return this.boss;
    this.starting ??= this.startBoss();
    return this.starting;
  }

  async enqueue(campaignId: string): Promise<void> {
    const boss = await this.ensureStarted();
    await boss.send(QUEUE, { campaignId }, JOB_OPTIONS);
    // This replica's worker takes it at once rather than at its next poll (up to a second later); the other
    // replicas' workers find it when they poll.
    if (this.workerId) boss.notifyWorker(this.workerId);
  }

  /** Stops this replica's lanes on a campaign before their next row (a pause or cancel made here). */
  halt(campaignId: string): void {
    this.halted.set(campaignId, this.options.now());
  }

  private isHalted(campaignId: string): boolean {
    const since = this.halted.get(campaignId);
    if (since === undefined) return false;
    if (this.options.now() - since < HALT_LAPSES_MS) return true;
    this.halted.delete(campaignId);
    return false;
  }

  /** Lets this replica's lanes work on a resumed campaign again. */
  release(campaignId: string): void {
    this.halted.delete(campaignId);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const boss = this.boss ?? (this.starting ? await this.starting.catch(() => null) : null);
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  private async startBoss(): Promise<PgBoss> {
    const boss = new PgBoss({
      // pg-boss on the BFF's own database: PostgreSQL through its pool, or the embedded PGlite (one process).
      db: { executeSql: (text, values) => this.options.database.executeSql(text, values) },
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: 30,
    });
    boss.on('error', (error) => this.options.log.error({ err: error }, 'bulk job queue'));
    await boss.start();
    await boss.createQueue(QUEUE, { name: QUEUE, policy: 'standard' });
    this.workerId = await boss.work<{ campaignId: string }>(
      QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (job) await this.runSlice(job.data.campaignId);
      },
    );
    this.boss = boss;
    for (const id of await this.options.campaigns.runningIds()) await this.enqueue(id);
    return boss;
  }

  /** Works on a campaign until its rows are answered, it is paused or cancelled, or the slice is over. */
  private async runSlice(campaignId: string): Promise<void> {
    const deadline = this.options.now() + SLICE_MS;
    const lanes = Array.from({ length: this.options.concurrency }, () => this.lane(campaignId, deadline));
    await Promise.all(lanes);
    const { campaigns } = this.options;
    const campaign = await this.database(() => campaigns.find(campaignId));
    if (!campaign || campaign.status !== 'running') return;
    if ((await this.database(() => campaigns.remaining(campaignId))) === 0) {
      if (await this.database(() => campaigns.transition(campaignId, ['running'], 'done')))
        this.options.log.info({ campaign: campaignId }, 'bulk campaign done');
      return;
    }
    // Also when this replica is stopping: another replica (or this one after its restart) takes the next slice.
    const boss = this.boss;
    if (!boss) return;
    // Tried again while the database comes back: a running campaign without a queued slice would wait
    // for the next BFF start.
    await this.database(() => boss.send(QUEUE, { campaignId }, { ...JOB_OPTIONS, startAfter: 1 })).catch(
      (error: unknown) =>
        this.options.log.error({ err: error, campaign: campaignId }, 'next slice not queued'),
    );
  }

  private async lane(campaignId: string, deadline: number): Promise<void> {
    let campaign: BulkCampaignRow | null = null;
    let checkedAt = 0;
    while (!this.stopped && this.options.now() < deadline) {
      try {
        // A pause or cancel is seen within STATUS_CHECK_MS, without a query per row.
        if (this.options.now() - checkedAt >= STATUS_CHECK_MS) {
          campaign = await this.options.campaigns.find(campaignId);
          checkedAt = this.options.now();
        }
        if (!campaign || campaign.status !== 'running' || this.isHalted(campaignId)) return;
        const row = await this.options.campaigns.claimRow(campaignId, this.options.leaseMs);
        if (!row) {
          if ((await this.options.campaigns.remaining(campaignId)) === 0) return;
          // Rows wait for their retry time, or another runner has them: look again shortly.
          await new Promise((resolve) => setTimeout(resolve, IDLE_WAIT_MS));
          continue;
        }
        const running = campaign;
        await this.limiter.run(() => this.send(running, row));
      } catch (error) {
        if (!isConnectionLoss(error)) throw error;
        // The database went away (a restart, a failover): a claimed row is taken over after its lease,
        // and this lane carries on once the database answers again.
        this.options.log.warn({ campaign: campaignId, err: errorMessage(error) }, 'bulk: database lost');
        await new Promise((resolve) => setTimeout(resolve, DATABASE_PAUSE_MS));
      }
    }
  }

  /** An idempotent database step, tried again while the connection comes back. */
  private database<T>(step: () => Promise<T>): Promise<T> {
    return retryOnConnectionLoss(step, { attempts: DATABASE_ATTEMPTS });
  }

  private async send(campaign: BulkCampaignRow, row: BulkRow): Promise<void> {
    const { campaigns } = this.options;
    const operation = rowOperation(campaign.kind, row.userId, row.contractId);
    const requestId = `bulk-${campaign.id.slice(0, 8)}-${row.row}-${row.attempts}`;
    const draft = {
      operation: campaign.kind === 'charges' ? ('charges' as const) : ('consumer_migration' as const),
      source: 'bulk' as const,
      sourceId: campaign.id,
      sourceRef: `${campaign.id}:${row.row}`,
      userId: row.userId,
      contractId: row.contractId,
      sent: row.body,
      recordedBy: campaign.owner,
      recordedByDisplayName: campaign.ownerDisplayName,
      acknowledged: [],
      requestId,
    };
    // A row of a charges campaign no one approved meets the four-eyes rules a single booking meets.
    const gate = campaign.kind === 'charges' && !campaign.approvalId ? this.options.gate : undefined;
    let result: RecordedWriteResult;
    try {
      result = await recordedWrite(
        {
          audit: this.options.audit,
          records: this.options.records,
          log: this.options.log,
          now: this.options.now,
          databaseAttempts: DATABASE_ATTEMPTS,
        },
        {
          entry: this.auditEntry(campaign, row, operation, this.options.now(), requestId),
          beginRecord: async () => {
            if (!gate) return { recordId: await this.options.records.begin(draft) };
            const admitted = await gate(row, (records, unapprovedGrossCent) =>
              records.begin({ ...draft, unapprovedGrossCent }),
            );
            return 'recordId' in admitted ? admitted : { refusal: admitted };
          },
          send: postToPlatform(this.options.platform, operation.path, row.body, requestId),
        },
      );
    } catch (error) {
      // Not sent (its audit entry or record could not be written): the row is claimed again later.
      await this.database(() => campaigns.unclaim(campaign.id, row)).catch(() => {});
      throw error;
    }
    if (!result.sent) {
      // Not sent, as a single booking would not be: settled with the BFF's refusal (its code and figures).
      const notice = withNoticeText({ code: 'console_refusal', refusal: result.refusal.body });
      await this.database(() => campaigns.settle(campaign.id, row, { outcome: 'refused', ...notice }));
      return;
    }
    const { answer } = result;
    const next = nextStep(campaign.kind, row, answer, this.options.now(), this.options.retryPolicy);
    // The input_id (user ID) exists: booked before by the console with the same content, other content,
    // or not by the console at all.
    const step =
      next.kind === 'exists'
        ? settleExisting(
            row,
            await this.database(() => campaigns.earlierSent(campaign.kind, row)),
            next.message,
          )
        : next;
    if (step.kind === 'settle') await this.database(() => campaigns.settle(campaign.id, row, step));
    else await this.database(() => campaigns.retryLater(campaign.id, row, step));
  }

  /** Each attempt is audited as the single write would be, under the campaign's owner, with the campaign ID. */
  private auditEntry(
    campaign: BulkCampaignRow,
    row: BulkRow,
    operation: { id: string; path: string },
    started: number,
    requestId: string,
  ): AuditEntry {
    return {
      time: new Date(started).toISOString(),
      requestId,
      username: campaign.owner,
      displayName: campaign.ownerDisplayName,
      role: campaign.ownerRole,
      operation: operation.id,
      method: 'POST',
      path: `/api${operation.path}`,
      targets: {
        userID: row.userId,
        ...(row.contractId ? { contractID: row.contractId } : {}),
        ...(row.inputId ? { input_id: row.inputId } : {}),
        campaign: campaign.id,
        // Approved by a second person: the approval names them.
        ...(campaign.approvalId ? { approval: campaign.approvalId } : {}),
      },
      status: 0,
      durationMs: 0,
    };
  }
}
