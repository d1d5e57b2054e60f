import { formatNumber } from '../../lib/format.ts';
import { t } from '@lingui/core/macro';
import type { PeriodRun, ReportRow, ReportSummary as Summary } from './data/report-rows.ts';
import { capacityFactor, completeness, specificYield, type EnergyUnit } from './data/report-rows.ts';
import { completenessPercent, incompleteText, periodName, valuesText } from './data/completeness-text.ts';
import { energyDifference } from '../../../contract/feed-period-rules.ts';
import { differenceTexts } from './table/report-table.tsx';

const RUNS_LISTED = 8;

function runText(run: PeriodRun, timeZone: string): string {
  const first = periodName(run.first, timeZone);
  if (run.periods === 1) return first;
  const last = periodName(run.last, timeZone);
  const periods = formatNumber(run.periods);
  return t`${first} to ${last} (${periods} periods)`;
}

/** The compared range's figures: its total, and this range's difference to it. */
export interface SummaryComparison {
  label: string;
  totalKwh: number;
  /** Whether the compared range holds any value (a range without any has no total to compare). */
  hasData: boolean;
}

/** "1 of 5" or "None of 35,040", numbers in the UI language's digits. */
export function countText(count: number, total: number): string {
  const of = formatNumber(total);
  if (count === 0) return t`None of ${of}`;
  const counted = formatNumber(count);
  return t`${counted} of ${of}`;
}

/** A count of periods with the first few listed (runs or single periods), the rest left to the table. */
function Listed({
  count,
  total,
  items,
}: {
  count: number;
  total: number;
  items: { key: number; text: string }[];
}) {
  const more = items.length - RUNS_LISTED;
  return (
    <>
      {countText(count, total)}
      {items.length > 0 && (
        <ul className="report-summary__gaps">
          {items.slice(0, RUNS_LISTED).map((item) => (
            <li key={item.key}>{item.text}</li>
          ))}
          {more > 0 && <li>{t`and ${formatNumber(more)} more (see the table)`}</li>}
        </ul>
      )}
    </>
  );
}

/**
 * Total, peak, periods without data, incomplete and not yet delivered periods, completeness, capacity
 * factor and specific yield (kWh per kW of nameplate power): the figures people quote from a report.
 */
/** The summary's comparison: the compared range's total under its name, or null without a comparison. */
export const summaryComparison = (compared: { summary: Summary } | null | undefined, label: string) =>
  compared
    ? { label, totalKwh: compared.summary.totalKwh, hasData: compared.summary.periodsWithData > 0 }
    : null;

export function ReportSummary({
  summary,
  rows,
  unit,
  capacityKw,
  timeZone,
  comparison = null,
}: {
  summary: Summary;
  rows: readonly ReportRow[];
  unit: EnergyUnit;
  capacityKw: number | null;
  timeZone: string;
  /** With a comparison on: the compared range's total and the difference to it. */
  comparison?: SummaryComparison | null;
}) {
  const format = (kwh: number) =>
    `${formatNumber(kwh * unit.factor, { maximumFractionDigits: 3 })} ${unit.unit}`;
  const factor = capacityFactor(summary, capacityKw);
  const yieldKwhPerKw = summary.periodsWithData > 0 ? specificYield(summary.totalKwh, capacityKw) : null;
  const share = completeness(summary);
  const runs = (list: PeriodRun[]) =>
    list.map((run) => ({ key: run.first.start, text: runText(run, timeZone) }));
  const peakText = () => {
    if (summary.peak) {
      const energy = format(summary.peak.energyKwh!);
      const period = summary.peak.label;
      if (summary.partialWithData > 0)
        return t`${energy} in ${period} (${timeZone}; partial periods left out)`;
      return t`${energy} in ${period} (${timeZone})`;
    }
    // Every period with values is cut by the range: none is a whole period to name.
    if (summary.partialWithData > 0) return t`— (every period with values is partial)`;
    return '—';
  };
  const difference = comparison?.hasData
    ? differenceTexts(
        energyDifference(summary.periodsWithData > 0 ? summary.totalKwh : null, comparison.totalKwh),
      )
    : null;
  const differenceKwh = difference && difference.kwh !== '—' ? `${difference.kwh} kWh` : '—';
  /** A figure per nameplate power: asks for the power, says the range has no data, or gives it. */
  const perCapacity = (value: number | null, text: (value: number) => string) =>
    value !== null
      ? text(value)
      : capacityKw
        ? t`— (no data in the range)`
        : t`Enter the nameplate power to see it`;
  return (
    <dl className="report-summary" aria-label={t`Summary`}>
      <div>
        <dt>{t`Total energy`}</dt>
        <dd>{format(summary.totalKwh)}</dd>
      </div>
      {comparison && (
        <>
          <div>
            <dt>{t`${comparison.label}: total energy`}</dt>
            <dd>{comparison.hasData ? format(comparison.totalKwh) : t`no data`}</dd>
          </div>
          <div>
            <dt>{t`Difference`}</dt>
            <dd>{difference ? `${differenceKwh} (${difference.percent})` : '—'}</dd>
          </div>
        </>
      )}
      <div>
        <dt>{t`Peak period`}</dt>
        <dd>{peakText()}</dd>
      </div>
      <div>
        <dt>{t`Completeness`}</dt>
        <dd>
          {share === null
            ? t`— (no period is due yet)`
            : `${completenessPercent(share)} (${valuesText(summary.valuesHeld, summary.valuesExpected)})`}
        </dd>
      </div>
      <div>
        <dt>{t`Periods without data`}</dt>
        <dd>
          <Listed count={summary.gapPeriods} total={rows.length} items={runs(summary.gaps)} />
        </dd>
      </div>
      <div>
        <dt>{t`Incomplete periods`}</dt>
        <dd>
          <Listed
            count={summary.incompletePeriods}
            total={rows.length}
            items={summary.incomplete.map((run) => ({
              key: run.first.start,
              text: incompleteText(run.first, timeZone),
            }))}
          />
        </dd>
      </div>
      {summary.notYetDeliveredPeriods > 0 && (
        <div>
          <dt>{t`Not yet delivered`}</dt>
          <dd>
            <Listed
              count={summary.notYetDeliveredPeriods}
              total={rows.length}
              items={runs(summary.notYetDelivered)}
            />
          </dd>
        </div>
      )}
      <div>
        <dt>{t`Capacity factor`}</dt>
        <dd>
          {perCapacity(
            factor,
            (value) =>
              t`${formatNumber(value, { style: 'percent', maximumFractionDigits: 1 })} over ${formatNumber(summary.hoursWithData, { maximumFractionDigits: 2 })} h with data`,
          )}
        </dd>
      </div>
      <div>
        <dt>{t`Specific yield`}</dt>
        <dd>
          {perCapacity(
            yieldKwhPerKw,
            (value) => `${formatNumber(value, { maximumFractionDigits: 2 })} kWh/kWp`,
          )}
        </dd>
      </div>
    </dl>
  );
}
