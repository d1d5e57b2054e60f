/**
 * Watches for process warnings whose message matches `pattern` — the PostgreSQL pool warns when it sees a
 * connection end — so a test can wait for the program to have noticed, rather than sleep.
 */
export function watchWarnings(pattern: RegExp): { seen(): boolean; stop(): void } {
  let seen = false;
  const onWarning = (warning: Error) => {
    if (pattern.test(warning.message)) seen = true;
  };
  process.on('warning', onWarning);
  return { seen: () => seen, stop: () => process.off('warning', onWarning) };
}
