import { formatNumber } from '../../lib/format.ts';
import { t } from '@lingui/core/macro';
import type { GapRun, ReportRow, ReportSummary as Summary } from './report-rows.ts';
import { capacityFactor, type EnergyUnit } from './report-rows.ts';

const GAPS_LISTED = 8;

function gapText(gap: GapRun): string {
  if (gap.periods === 1) return gap.first.label;
  return t`${gap.first.label} to ${gap.last.label} (${gap.periods} periods)`;
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
    `${formatNumber(kwh * unit.factor, { maximumFractionDigits: 3 })} ${unit.unit}`;
  const factor = capacityFactor(summary, capacityKw);
  return (
    <dl className="report-summary" aria-label={t`Summary`}>
      <div>
        <dt>{t`Total energy`}</dt>
        <dd>{format(summary.totalKwh)}</dd>
      </div>
      <div>
        <dt>{t`Peak period`}</dt>
        <dd>
          {summary.peak ? t`${format(summary.peak.energyKwh!)} in ${summary.peak.label} (${timeZone})` : '—'}
        </dd>
      </div>
      <div>
        <dt>{t`Periods without data`}</dt>
        <dd>
          {summary.gapPeriods === 0 ? (
            t`None of ${rows.length}`
          ) : (
            <>
              {t`${summary.gapPeriods} of ${rows.length}`}
              <ul className="report-summary__gaps">
                {summary.gaps.slice(0, GAPS_LISTED).map((gap) => (
                  <li key={gap.first.start}>{gapText(gap)}</li>
                ))}
                {summary.gaps.length > GAPS_LISTED && (
                  <li>{t`and ${summary.gaps.length - GAPS_LISTED} more stretches (see the table)`}</li>
                )}
              </ul>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>{t`Capacity factor`}</dt>
        <dd>
          {factor === null
            ? capacityKw
              ? t`— (no data in the range)`
              : t`Enter the nameplate power to see it`
            : t`${formatNumber(factor * 100, { maximumFractionDigits: 1 })} % over ${formatNumber(summary.hoursWithData, { maximumFractionDigits: 2 })} h with data`}
        </dd>
      </div>
    </dl>
  );
}
