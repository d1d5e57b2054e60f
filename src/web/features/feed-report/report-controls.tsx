import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { formatLocaleDecimal, parseLocaleDecimal } from '../../../contract/locale-number.ts';
import { useNumberLocale } from '../../lib/number-locale.ts';
import { AGGREGATION_TYPES, type AggregationType } from '../../../contract/api/feed.ts';
import {
  currentRange,
  defaultAggregation,
  matchingPreset,
  presetRange,
  RANGE_PRESETS,
  rangeProblem,
  stepRange,
  type DateRange,
  type RangeProblem,
} from './data/report-range.ts';
import type { ReportSearch } from './data/report-search.ts';
import type { ReportState } from './data/report-state.ts';
import { ZoneCombobox } from './zone-combobox.tsx';

type Comparison = NonNullable<ReportSearch['compare']>;

/** Every comparison the report's URL accepts, in words (the record type keeps the two lists equal). */
const comparisonLabels = (): Record<Comparison, string> => ({
  previous: t`The previous period`,
  year: t`The same period a year earlier`,
});
const isComparison = (value: string): value is Comparison => Object.hasOwn(comparisonLabels(), value);

const aggregationLabels = (): Record<AggregationType, string> => ({
  year: t`Years`,
  month: t`Months`,
  week: t`Weeks (ISO, from Monday)`,
  day: t`Days`,
  hour: t`Hours`,
  raw: t`Raw 15-minute values`,
});

/** The range's default aggregation, marked as such in the list: "Days (default)". */
const defaultLabel = (label: string) => t`${label} (default)`;

/** Range, aggregation, zone, comparison and nameplate power; each change is written to the URL. */
export function ReportControls({
  state,
  today,
  onChange,
}: {
  state: ReportState;
  today: string;
  onChange: (patch: Partial<ReportSearch>, options?: { replace?: boolean }) => void;
}) {
  const { range, aggregation, timeZone } = state;
  const onZone = useCallback((zone: string) => onChange({ tz: zone }), [onChange]);
  // Looked up once a render, not twice per option (the lookups showed in a profile of a change of view).
  const labels = aggregationLabels();
  const byDefault = defaultAggregation(range);
  const [typed, setTyped] = useState(range);
  const [shownRange, setShownRange] = useState(range);
  if (shownRange.from !== range.from || shownRange.to !== range.to) {
    setShownRange(range);
    setTyped(range);
  }
  const problem = rangeProblem(typed);
  const preset = matchingPreset(range, today);
  const setRange = (next: DateRange) => onChange({ from: next.from, to: next.to });
  const typeDate = (field: 'from' | 'to', value: string) => {
    const next = { ...typed, [field]: value };
    setTyped(next);
    if (!rangeProblem(next)) onChange({ from: next.from, to: next.to }, { replace: true });
  };
  return (
    <div className="card report-controls">
      <fieldset className="report-controls__range">
        <legend>{t`Dates`}</legend>
        <div className="field">
          <label htmlFor="report-preset">{t`Range`}</label>
          <select
            id="report-preset"
            name="range"
            value={preset ?? 'custom'}
            onChange={(event) => {
              const preset = RANGE_PRESETS.find(([value]) => value === event.target.value)?.[0];
              if (preset) setRange(presetRange(preset, today));
            }}
          >
            {RANGE_PRESETS.map(([value, label]) => (
              <option key={value} value={value}>
                {i18n._(label)}
              </option>
            ))}
            <option value="custom">{t`Custom`}</option>
          </select>
        </div>
        <DateField field="from" label={t`First day`} value={typed.from} problem={problem} onType={typeDate} />
        <DateField field="to" label={t`Last day`} value={typed.to} problem={problem} onType={typeDate} />
        <div className="report-controls__steps" role="group" aria-label={t`Step through periods`}>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setRange(stepRange(range, -1))}
          >
            ‹ {t`Previous`}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setRange(currentRange(range, today))}
          >
            {t`Now`}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setRange(stepRange(range, 1))}
          >
            {t`Next`} ›
          </button>
        </div>
        <p id="report-range-problem" className="field-error" role={problem ? 'alert' : undefined}>
          {problem?.message}
        </p>
      </fieldset>
      <div className="report-controls__view">
        <div className="field">
          <label htmlFor="report-agg">{t`Aggregation`}</label>
          <select
            id="report-agg"
            name="agg"
            value={aggregation}
            onChange={(event) => {
              const agg = AGGREGATION_TYPES.find((type) => type === event.target.value);
              if (agg) onChange({ agg });
            }}
          >
            {AGGREGATION_TYPES.map((type) => (
              <option key={type} value={type}>
                {type === byDefault ? defaultLabel(labels[type]) : labels[type]}
              </option>
            ))}
          </select>
        </div>
        <ZoneCombobox value={timeZone} onChange={onZone} />
        <div className="field">
          <label htmlFor="report-compare">{t`Compare with`}</label>
          <select
            id="report-compare"
            name="compare"
            value={state.compare ?? ''}
            onChange={(event) => {
              const compare = event.target.value;
              onChange({ compare: isComparison(compare) ? compare : undefined });
            }}
          >
            <option value="">{t`Nothing`}</option>
            {Object.entries(comparisonLabels()).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <CapacityInput
          value={state.capacityKw}
          onChange={(kw) => onChange({ capacity_kw: kw ?? undefined }, { replace: true })}
        />
      </div>
    </div>
  );
}

function DateField({
  field,
  label,
  value,
  problem,
  onType,
}: {
  field: 'from' | 'to';
  label: string;
  value: string;
  problem: RangeProblem | null;
  onType: (field: 'from' | 'to', value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`report-${field}`}>{label}</label>
      <input
        id={`report-${field}`}
        name={field}
        type="date"
        value={value}
        aria-invalid={problem?.field === field ? true : undefined}
        aria-describedby="report-range-problem"
        onChange={(event) => onType(field, event.target.value)}
      />
    </div>
  );
}

/** How long typing may pause before a valid nameplate power applies (at once on blur or Enter). */
export const CAPACITY_APPLY_DELAY_MS = 400;

/**
 * The plant's nameplate power. It applies as staff type — once they pause, and at once on blur or Enter — not only
 * on blur (issue 42: the capacity factor did not follow the number typed until the field was left).
 */
export function CapacityInput({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (kw: number | null) => void;
}) {
  const locale = useNumberLocale();
  const [typed, setTyped] = useState(value === null ? '' : formatLocaleDecimal(value, locale));
  const reading = typed.trim() === '' ? null : parseLocaleDecimal(typed, locale);
  const problem =
    reading === null
      ? null
      : !reading.ok
        ? reading.message
        : Number(reading.value) > 0
          ? null
          : t`Enter more than 0 kW.`;
  const applied = problem ? undefined : reading?.ok ? Number(reading.value) : null;
  // A value already applied is not written again (each write is a step in the URL's history).
  const apply = () => {
    if (applied !== undefined && applied !== value) onChange(applied);
  };
  // Reads the latest value and callback when the pause ends, without restarting the pause on every render.
  const applyAfterPause = useEffectEvent(apply);
  useEffect(() => {
    const timer = setTimeout(applyAfterPause, CAPACITY_APPLY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return (
    <div className="field">
      <label htmlFor="report-capacity">{t`Nameplate power (kW)`}</label>
      <input
        id="report-capacity"
        name="capacity_kw"
        inputMode="decimal"
        autoComplete="off"
        value={typed}
        aria-invalid={problem ? true : undefined}
        aria-describedby="report-capacity-hint"
        onChange={(event) => setTyped(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
      />
      <span id="report-capacity-hint" className={problem ? 'field-error' : 'hint'}>
        {problem ?? t`Optional: gives the capacity factor; remembered for this contract.`}
      </span>
    </div>
  );
}
