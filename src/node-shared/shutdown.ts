/** Closes once on SIGINT/SIGTERM: in-flight requests finish, then resources close. */
export function closeOnSignals(
  close: () => Promise<void>,
  log: (message: string) => void = console.error,
): void {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log(`${signal} received, shutting down`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
