import { useEffect, useRef, useState } from 'react';

/** What a form may send with: extra request headers (e.g. the duplicate warning's acknowledgement). */
export interface SendPermit {
  headers: Record<string, string>;
}

/**
 * A check a form runs on a valid submission before it sends: a permit (send, with these headers), or
 * `null` (do not send now; the check shows why and how to go on, e.g. a "Migrate anyway" button).
 */
export type SendGate<T> = (submission: T) => Promise<SendPermit | null>;

/** Where the parts of a form that check before sending register their gates. */
export interface SendGates<T> {
  add: (gate: SendGate<T>) => () => void;
}

/**
 * A form's gates, run one after another on submit: the first that says "not now" stops the send; the
 * permits' headers are merged. Parts of a form from other features (the app composes them) register
 * here, so the form needs to know nothing of what they check.
 */
export class FormSendGates<T> implements SendGates<T> {
  readonly #gates = new Set<SendGate<T>>();

  add(gate: SendGate<T>): () => void {
    this.#gates.add(gate);
    return () => this.#gates.delete(gate);
  }

  async run(submission: T): Promise<SendPermit | null> {
    const headers: Record<string, string> = {};
    for (const gate of [...this.#gates]) {
      const permit = await gate(submission);
      if (!permit) return null;
      Object.assign(headers, permit.headers);
    }
    return { headers };
  }
}

/** The form's gates, the same object for the form's life. */
export function useSendGates<T>(): FormSendGates<T> {
  const [gates] = useState(() => new FormSendGates<T>());
  return gates;
}

/** Registers a gate while the component is mounted; the latest `gate` runs (no re-registering per render). */
export function useSendGate<T>(gates: SendGates<T> | undefined, gate: SendGate<T>): void {
  const latest = useRef(gate);
  useEffect(() => {
    latest.current = gate;
  });
  useEffect(() => gates?.add((submission) => latest.current(submission)), [gates]);
}
