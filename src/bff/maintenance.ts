import type { FastifyInstance } from 'fastify';

export const HOURLY = 60 * 60_000;

/**
 * Runs a clean-up task once the server is ready and then periodically. Every replica runs it; the
 * tasks are idempotent deletes, so running them side by side is harmless. A failure is logged, not fatal.
 */
export function scheduleMaintenance(
  app: FastifyInstance,
  name: string,
  everyMs: number,
  task: () => Promise<number>,
): void {
  const run = async () => {
    try {
      const removed = await task();
      if (removed > 0) app.log.info({ task: name, removed }, 'maintenance');
    } catch (error) {
      app.log.warn({ err: error, task: name }, 'maintenance failed');
    }
  };
  const timer = setInterval(() => void run(), everyMs).unref();
  app.addHook('onReady', run);
  app.addHook('onClose', async () => clearInterval(timer));
}
