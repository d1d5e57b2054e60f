import { afterAll, beforeAll } from 'vitest';
import { startTestSandbox, type DatabaseKind, type TestSandbox } from './harness.ts';

/** The suite's sandbox and a read-write token of it, there once the suite's `beforeAll` ran. */
export interface SuiteSandbox {
  readonly sandbox: TestSandbox;
  readonly token: string;
}

/**
 * Starts a sandbox before the suite's first test, takes a read-write token, and closes it after the
 * last test. Call it in a `describe` and read `sandbox` and `token` inside tests.
 */
export function useSuiteSandbox(kind: DatabaseKind): SuiteSandbox {
  let started: { sandbox: TestSandbox; token: string } | undefined;
  beforeAll(async () => {
    const sandbox = await startTestSandbox(kind);
    started = { sandbox, token: await sandbox.token() };
  });
  afterAll(async () => {
    await started?.sandbox.close();
  });
  const current = () => {
    if (!started) throw new Error('The suite sandbox starts in beforeAll: read it inside a test.');
    return started;
  };
  return {
    get sandbox() {
      return current().sandbox;
    },
    get token() {
      return current().token;
    },
  };
}
