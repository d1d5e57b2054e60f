import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry } from '../contract/bff-api.ts';

/**
 * Append-only JSONL of every write attempt, refused ones included, plus a log line. Holds target ids
 * only, never personal data from bodies (names, IBANs).
 */
export class AuditLog {
  private readonly file: string;
  private readonly recentEntries: AuditEntry[] = [];
  private static readonly KEEP_IN_MEMORY = 5000;

  constructor(
    directory: string,
    private readonly log: FastifyBaseLogger,
  ) {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    this.file = join(directory, 'audit.jsonl');
    try {
      const lines = readFileSync(this.file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .slice(-AuditLog.KEEP_IN_MEMORY);
      for (const line of lines) {
        try {
          this.recentEntries.push(JSON.parse(line) as AuditEntry);
        } catch {
          // A torn last line (crash mid-write) is skipped, the rest stays readable.
        }
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }

  record(entry: AuditEntry): void {
    appendFileSync(this.file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    this.recentEntries.push(entry);
    if (this.recentEntries.length > AuditLog.KEEP_IN_MEMORY) this.recentEntries.shift();
    this.log.info({ audit: entry }, 'audit');
  }

  /** Newest first. */
  recent(limit: number): AuditEntry[] {
    return this.recentEntries.slice(-limit).reverse();
  }
}
