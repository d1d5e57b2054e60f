import { availableParallelism } from 'node:os';

/** Prints a benchmark's rows as aligned columns under a title naming the run (time, Node, machine). */
export function printTable(title: string, rows: string[][]): void {
  const columns = Math.max(...rows.map((cells) => cells.length));
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(...rows.map((cells) => (cells[column] ?? '').length)),
  );
  console.log(
    `\n${title} (${new Date().toISOString()}, node ${process.version}, ${availableParallelism()} cores)\n`,
  );
  for (const cells of rows)
    console.log(cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  |  '));
}
