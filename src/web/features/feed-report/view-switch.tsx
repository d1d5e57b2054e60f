import { t } from '@lingui/core/macro';
import { REPORT_VIEWS, type ReportViewName } from './data/report-search.ts';

const viewLabels = (): Record<ReportViewName, string> => ({
  chart: t`Chart`,
  heatmap: t`Heatmap`,
  duration: t`Duration curve`,
  cumulative: t`Cumulative`,
});

/** The report's views as a row of toggle buttons; the pressed one is the URL's `view`. */
export function ViewSwitch({
  view,
  onChange,
}: {
  view: ReportViewName;
  onChange: (view: ReportViewName) => void;
}) {
  const labels = viewLabels();
  return (
    <div className="view-switch print-hidden" role="group" aria-label={t`View`}>
      {REPORT_VIEWS.map((name) => (
        <button
          key={name}
          type="button"
          className="button button--secondary view-switch__button"
          aria-pressed={name === view}
          onClick={() => onChange(name)}
        >
          {labels[name]}
        </button>
      ))}
    </div>
  );
}

/** "Heatmap", "Duration curve": a view's name for titles and the PNG. */
export const viewLabel = (view: ReportViewName) => viewLabels()[view];
