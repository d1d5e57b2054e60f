import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { errorCode } from '../error-fields.ts';

export class DirectoryLockedError extends Error {
  constructor(directory: string, pid: number) {
    super(`${directory} is in use by another process (pid ${pid}); one process owns a PGlite directory.`);
    this.name = 'DirectoryLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/**
 * PGlite lets two processes open one data directory without complaint and then corrupts it. This lock
 * file (holding the owner's pid) makes the second one refuse to start; a lock left by a dead process
 * is taken over.
 */
export function lockDirectory(directory: string): () => void {
  mkdirSync(directory, { recursive: true });
  const lockPath = join(directory, 'energy-console.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      // Our own pid means another handle in this very process: just as unsafe.
      if (Number.isInteger(owner) && owner > 0 && (owner === process.pid || isAlive(owner))) {
        throw new DirectoryLockedError(directory, owner);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock ${directory}`);
}
