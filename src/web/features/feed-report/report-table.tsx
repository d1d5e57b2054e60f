import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { ReportRow } from './report-rows.ts';

const ROW_HEIGHT = 33;

// A day's length shows the DST days (23 and 25 hours) at a glance.
const hoursFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });
const kwhFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/**
 * One row per calendar period of the range, virtualised (@tanstack/react-virtual) so a year of
 * 15-minute rows scrolls smoothly; the header stays. `printAll` renders every row for the print view.
 */
export function ReportTable({
  rows,
  timeZone,
  printAll,
}: {
  rows: readonly ReportRow[];
  timeZone: string;
  printAll: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer keeps its own state; the React Compiler leaves this component alone, as it should.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = printAll
    ? rows.map((_, index) => ({ index, start: index * ROW_HEIGHT }))
    : virtualizer.getVirtualItems();
  const before = printAll ? 0 : (items[0]?.start ?? 0);
  const after = printAll
    ? 0
    : virtualizer.getTotalSize() - (items.length ? items.at(-1)!.start + ROW_HEIGHT : 0);
  return (
    <div
      ref={scroller}
      className="report-table"
      tabIndex={0}
      role="region"
      aria-label="Periods of the report"
    >
      <table className="table" aria-rowcount={rows.length + 1}>
        <caption className="visually-hidden">
          One row per period in {timeZone}; energy in kWh. {rows.length} periods.
        </caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Period ({timeZone})</th>
            <th scope="col" className="numeric">
              Hours
            </th>
            <th scope="col" className="numeric">
              Energy (kWh)
            </th>
            <th scope="col" className="numeric">
              Values
            </th>
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={4} style={{ height: before, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map(({ index }) => {
            const row = rows[index]!;
            return (
              <tr
                key={row.start}
                aria-rowindex={index + 2}
                className={row.energyKwh === null ? 'gap-row' : undefined}
              >
                <th scope="row">{row.label}</th>
                <td className="numeric">{hoursFormat.format((row.end - row.start) / 3_600_000)}</td>
                <td className="numeric">
                  {row.energyKwh === null ? 'no data' : kwhFormat.format(row.energyKwh)}
                </td>
                <td className="numeric">{row.sampleCount}</td>
              </tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true">
              <td colSpan={4} style={{ height: after, padding: 0, border: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
