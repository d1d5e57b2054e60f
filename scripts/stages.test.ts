import { afterEach, describe, expect, it, vi } from 'vitest';
import { runStages } from './stages.ts';

describe('runStages', () => {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  afterEach(() => {
    lines.length = 0;
  });

  it('runs a group side by side, shows each line behind its stage, and prints every stage’s time', async () => {
    const code = await runStages('check', [
      [
        { name: 'one', command: 'echo first' },
        { name: 'two', command: 'echo second' },
      ],
    ]);
    expect(code).toBe(0);
    expect(lines).toContain('[one] first');
    expect(lines).toContain('[two] second');
    expect(lines.some((line) => /^ {2}one +\d+\.\d s {2}passed$/.test(line))).toBe(true);
    expect(lines.some((line) => line.startsWith('  total'))).toBe(true);
    expect(log).toHaveBeenCalled();
  });

  it('stops after the first group with a failure and answers its exit code', async () => {
    const code = await runStages('check', [
      [
        { name: 'fails', command: 'exit 3' },
        { name: 'passes', command: 'true' },
      ],
      [{ name: 'never', command: 'echo should-not-run' }],
    ]);
    expect(code).toBe(3);
    expect(lines.some((line) => line.includes('should-not-run'))).toBe(false);
    expect(lines.some((line) => /^ {2}fails +.* FAILED \(3\)$/.test(line))).toBe(true);
    expect(lines.some((line) => line.startsWith('  never'))).toBe(false);
  });
});
