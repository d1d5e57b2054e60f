import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod/mini';
import { auditEntrySchema, type AuditEntry } from '../../contract/bff-api.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import { storedUserSchema, type UserRepository } from '../accounts/user-repository.ts';

/**
 * Before the database, the BFF kept accounts in `users.json` and the audit in `audit.jsonl` in its
 * data directory. On the first start with a database they are imported once and renamed to
 * `*.imported`, so an upgrade signs no one out of their account and loses no audit entry.
 */
export async function importLegacyFiles(
  dataDir: string,
  users: UserRepository,
  audit: AuditRepository,
): Promise<{ users: number; auditEntries: number }> {
  const imported = { users: 0, auditEntries: 0 };
  const usersFile = join(dataDir, 'users.json');
  if (existsSync(usersFile)) {
    const stored = z.array(storedUserSchema).parse(JSON.parse(readFileSync(usersFile, 'utf8')));
    await users.importStored(stored);
    renameSync(usersFile, `${usersFile}.imported`);
    imported.users = stored.length;
  }
  const auditFile = join(dataDir, 'audit.jsonl');
  if (existsSync(auditFile)) {
    const entries: AuditEntry[] = [];
    for (const line of readFileSync(auditFile, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        const parsed = auditEntrySchema.safeParse(JSON.parse(line));
        if (parsed.success) entries.push(parsed.data);
      } catch {
        // A torn last line (a crash mid-write) is skipped, as the file-based log did.
      }
    }
    await audit.importEntries(entries);
    renameSync(auditFile, `${auditFile}.imported`);
    imported.auditEntries = entries.length;
  }
  return imported;
}
