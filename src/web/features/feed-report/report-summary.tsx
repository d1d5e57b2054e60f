import type { GapRun, ReportRow, ReportSummary as Summary } from './report-rows.ts';
import { capacityFactor, type EnergyUnit } from './report-rows.ts';

const GAPS_LISTED = 8;

function gapText(gap: GapRun): string {
  if (gap.periods === 1) return gap.first.label;
  return `${gap.first.label} to ${gap.last.label} (${gap.periods} periods)`;
}

/** Total, peak, periods without data, capacity factor: the figures people quote from a report. */
export function ReportSummary({
  summary,
  rows,
  unit,
  capacityKw,
  timeZone,
}: {
  summary: Summary;
  rows: readonly ReportRow[];
  unit: EnergyUnit;
  capacityKw: number | null;
  timeZone: string;
}) {
  const format = (kwh: number) =>
    `${(kwh * unit.factor).toLocaleString(undefined, { maximumFractionDigits: 3 })} ${unit.unit}`;
  const factor = capacityFactor(summary, capacityKw);
  return (
    <dl className="report-summary" aria-label="Summary">
      <div>
        <dt>Total energy</dt>
        <dd>{format(summary.totalKwh)}</dd>
      </div>
      <div>
        <dt>Peak period</dt>
        <dd>
          {summary.peak ? `${format(summary.peak.energyKwh!)} in ${summary.peak.label} (${timeZone})` : '—'}
        </dd>
      </div>
      <div>
        <dt>Periods without data</dt>
        <dd>
          {summary.gapPeriods === 0 ? (
            `None of ${rows.length}`
          ) : (
            <>
              {summary.gapPeriods} of {rows.length}
              <ul className="report-summary__gaps">
                {summary.gaps.slice(0, GAPS_LISTED).map((gap) => (
                  <li key={gap.first.start}>{gapText(gap)}</li>
                ))}
                {summary.gaps.length > GAPS_LISTED && (
                  <li>and {summary.gaps.length - GAPS_LISTED} more stretches (see the table)</li>
                )}
              </ul>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Capacity factor</dt>
        <dd>
          {factor === null
            ? capacityKw
              ? '— (no data in the range)'
              : 'Enter the nameplate power to see it'
            : `${(factor * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })} % over ${summary.hoursWithData.toLocaleString(undefined, { maximumFractionDigits: 2 })} h with data`}
        </dd>
      </div>
    </dl>
  );
}
