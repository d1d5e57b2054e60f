import { visit } from 'jsonc-parser';

/**
 * The first member name that occurs twice in one object of a JSON text, at any depth; null when none does.
 * `JSON.parse` keeps the last of them silently, while another parser (the platform's) may keep the first:
 * a money body the BFF totals must mean one thing to both.
 */
export function duplicateMemberName(text: string): string | null {
  const open: Set<string>[] = [];
  let found: string | null = null;
  visit(text, {
    onObjectBegin: () => {
      open.push(new Set());
    },
    onObjectEnd: () => {
      open.pop();
    },
    onObjectProperty: (name) => {
      const names = open.at(-1);
      if (!names || found !== null) return;
      if (names.has(name)) found = name;
      names.add(name);
    },
  });
  return found;
}

/** Members of a JSON object that a schema's parse dropped (zod strips what it does not know). */
export function unknownMembers(sent: Record<string, unknown>, read: Record<string, unknown>): string[] {
  return Object.keys(sent).filter((name) => !Object.hasOwn(read, name));
}
