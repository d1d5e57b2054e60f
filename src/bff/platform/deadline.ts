import { EventEmitter } from 'node:events';

/** Raised by the deadline's abort: the exchange took longer than ENERGY_API_TIMEOUT_MS. */
export class DeadlineError extends Error {
  constructor() {
    super('upstream deadline passed');
    this.name = 'DeadlineError';
  }
}

/**
 * One wall-clock deadline for a whole exchange with the platform: both attempts (the 401 retry), the
 * answer's headers and its body. When it passes, the upstream request or body is aborted: it is the
 * request's `signal`, in the EventEmitter form undici accepts (`aborted`, `reason`, an 'abort' event)
 * because an AbortController costs ~4 % of the BFF's CPU per proxied call (createAbortSignal and
 * its EventTarget), measured with --cpu-prof.
 */
export class Deadline extends EventEmitter {
  aborted = false;
  reason: Error | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(ms: number, onExpire: () => void = () => {}) {
    super();
    this.timer = setTimeout(() => {
      this.aborted = true;
      this.reason = new DeadlineError();
      onExpire();
      this.emit('abort');
    }, ms);
  }

  get expired(): boolean {
    return this.aborted;
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
