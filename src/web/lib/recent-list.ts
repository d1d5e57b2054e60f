/**
 * Short lists of what staff used last, newest first, in localStorage so they are offered again
 * tomorrow. Only identifiers and labels go here, never personal data.
 */
export function readRecent<T>(key: string, isEntry: (value: unknown) => value is T, limit: number): T[] {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter(isEntry).slice(0, limit) : [];
  } catch {
    return [];
  }
}

export function rememberRecent<T>(
  key: string,
  entry: T,
  isEntry: (value: unknown) => value is T,
  same: (a: T, b: T) => boolean,
  limit: number,
): T[] {
  const recent = [entry, ...readRecent(key, isEntry, limit).filter((other) => !same(other, entry))].slice(
    0,
    limit,
  );
  localStorage.setItem(key, JSON.stringify(recent));
  return recent;
}
