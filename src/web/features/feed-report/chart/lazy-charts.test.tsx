// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../i18n/testing.ts';

const charts = vi.hoisted(() => ({
  loaded: null as null | { FeedChart: string },
  load: (): Promise<{ FeedChart: string }> => Promise.reject(new Error('not set')),
}));
vi.mock('./load-charts.ts', () => ({
  loadCharts: () => charts.load(),
  loadedCharts: () => charts.loaded,
}));
const { WithCharts } = await import('./lazy-charts.tsx');

const renderSlot = () =>
  render(
    <I18nProvider i18n={testI18n('en')}>
      <WithCharts>{(loaded) => <p>drawn with {String(loaded.FeedChart)}</p>}</WithCharts>
    </I18nProvider>,
  );

afterEach(() => {
  cleanup();
  charts.loaded = null;
  charts.load = () => Promise.reject(new Error('not set'));
});

describe('WithCharts', () => {
  it('draws at once with charts already loaded, never through the waiting place', () => {
    charts.loaded = { FeedChart: 'recharts' };
    renderSlot();
    expect(screen.getByText('drawn with recharts')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('holds the chart’s place until the charts arrive, then draws', async () => {
    charts.load = () => Promise.resolve({ FeedChart: 'recharts' });
    renderSlot();
    expect(screen.getByRole('status').textContent).toBe('Loading the chart…');
    expect(await screen.findByText('drawn with recharts')).toBeTruthy();
  });

  it('says the chart could not be loaded when its code does not arrive', async () => {
    charts.load = () => Promise.reject(new Error('offline'));
    renderSlot();
    expect(
      await screen.findByText('The chart could not be loaded. Reload the page to try again.'),
    ).toBeTruthy();
  });
});
