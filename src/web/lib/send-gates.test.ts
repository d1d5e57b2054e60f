import { describe, expect, it } from 'vitest';
import { FormSendGates } from './send-gates.ts';

describe('FormSendGates', () => {
  it('permits with no headers when no gate is registered', async () => {
    await expect(new FormSendGates<string>().run('x')).resolves.toEqual({ headers: {} });
  });

  it('merges the headers of every gate that permits', async () => {
    const gates = new FormSendGates<string>();
    gates.add(() => Promise.resolve({ headers: { a: '1' } }));
    gates.add(() => Promise.resolve({ headers: { b: '2' } }));
    await expect(gates.run('x')).resolves.toEqual({ headers: { a: '1', b: '2' } });
  });

  it('stops at the first gate that says not now, without asking the later ones', async () => {
    const gates = new FormSendGates<string>();
    const asked: string[] = [];
    gates.add((submission) => {
      asked.push(`first ${submission}`);
      return Promise.resolve(null);
    });
    gates.add(() => {
      asked.push('second');
      return Promise.resolve({ headers: {} });
    });
    await expect(gates.run('x')).resolves.toBeNull();
    expect(asked).toEqual(['first x']);
  });

  it('forgets a gate once it is removed', async () => {
    const gates = new FormSendGates<string>();
    const remove = gates.add(() => Promise.resolve(null));
    remove();
    await expect(gates.run('x')).resolves.toEqual({ headers: {} });
  });
});
