/**
 * Values computed once per key for the request hot path (allowlist matches, cookie signatures,
 * session-id hashes). Bounded against keys an attacker can vary: when full, it forgets everything
 * rather than tracking recency, which costs nothing per hit.
 */
export class BoundedMemo<K, V> {
  /** Each value in a box, so a stored `undefined` is told apart from a missing key. */
  private readonly values = new Map<K, { value: V }>();

  constructor(private readonly maxEntries: number) {}

  get(key: K, compute: (key: K) => V): V {
    const known = this.values.get(key);
    if (known) return known.value;
    const value = compute(key);
    if (this.values.size >= this.maxEntries) this.values.clear();
    this.values.set(key, { value });
    return value;
  }
}
