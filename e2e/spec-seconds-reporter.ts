import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Writes how long each spec file took in this run (first test's start to last test's end, in seconds) to
 * `outputFile`, for scripts/e2e.ts to balance the next runs on measured times rather than guesses.
 */
export default class SpecSecondsReporter implements Reporter {
  private readonly spans = new Map<string, { start: number; end: number }>();

  constructor(private readonly options: { outputFile: string }) {}

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = basename(test.location.file);
    const start = result.startTime.getTime();
    const end = start + result.duration;
    const span = this.spans.get(file);
    this.spans.set(
      file,
      span ? { start: Math.min(span.start, start), end: Math.max(span.end, end) } : { start, end },
    );
  }

  onEnd(_result: FullResult): void {
    const seconds = Object.fromEntries(
      [...this.spans].map(([file, { start, end }]) => [file, Math.round((end - start) / 100) / 10]),
    );
    writeFileSync(this.options.outputFile, `${JSON.stringify(seconds, null, 2)}\n`);
  }
}
