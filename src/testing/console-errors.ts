import { afterAll, afterEach } from 'vitest';

/**
 * Every vitest suite fails a test that writes to `console.error` (epic-stack's set-up): a React warning,
 * an unhandled rejection logged by a library, an error a handler swallowed and printed — each is a fault
 * the assertions did not look at. A test that means to provoke one says so with `expectConsoleError`.
 *
 * The calls are collected and the test fails after it ran, rather than by throwing from `console.error`:
 * a throw inside the code under test (a React render, a driver's callback) would change what it does.
 */

interface ExpectedError {
  pattern: RegExp;
  seen: number;
}

let expected: ExpectedError[] = [];
const unexpected: string[] = [];
const writeError = console.error.bind(console);

function textOf(args: unknown[]): string {
  return args
    .map((arg) =>
      arg instanceof Error ? (arg.stack ?? arg.message) : typeof arg === 'string' ? arg : safeJson(arg),
    )
    .join(' ');
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

console.error = (...args: unknown[]) => {
  const text = textOf(args);
  const match = expected.find((entry) => entry.pattern.test(text));
  if (match) {
    match.seen += 1;
    return;
  }
  unexpected.push(text);
  writeError(...args);
};

/**
 * The running test expects `console.error` with a message matching `pattern` (once or more): such calls
 * are not printed and do not fail it; the test fails if none comes.
 */
export function expectConsoleError(pattern: RegExp): void {
  expected.push({ pattern, seen: 0 });
}

/**
 * What was logged without being expected (also by hooks before this test) and what was expected but never
 * came, as an error to fail with; forgets both.
 */
export function takeConsoleErrorFailures(where: string): Error | null {
  const logged = unexpected.splice(0);
  const missing = expected.filter((entry) => entry.seen === 0).map((entry) => String(entry.pattern));
  expected = [];
  const problems = [
    ...(logged.length
      ? [
          `console.error was called ${logged.length}× ${where} (expectConsoleError(pattern) if the test means it):`,
          ...logged.map((text) => `  ${text.split('\n')[0]}`),
        ]
      : []),
    ...(missing.length ? [`expected console.error never came: ${missing.join(', ')}`] : []),
  ];
  return problems.length ? new Error(problems.join('\n')) : null;
}

afterEach(() => {
  const failure = takeConsoleErrorFailures('during this test or the hooks before it');
  if (failure) throw failure;
});

afterAll(() => {
  const failure = takeConsoleErrorFailures('after the last test (in an afterAll hook)');
  if (failure) throw failure;
});
