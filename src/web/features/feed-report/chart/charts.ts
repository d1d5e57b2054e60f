/**
 * What the report draws with recharts: one chunk with the chart library, loaded beside the page's code
 * rather than as part of it (load-charts.ts), so the page's heading, controls, summary and table do not wait
 * for ~108 KB gzip of chart code.
 */
export { CumulativeView } from './cumulative-view.tsx';
export { DurationView } from './duration-view.tsx';
export { FeedChart } from './feed-chart.tsx';
