import { useMemo, useSyncExternalStore } from 'react';

export interface ChartColors {
  series: string;
  compare: string;
  gap: string;
  pending: string;
  text: string;
  grid: string;
  background: string;
}

const darkScheme = () => window.matchMedia('(prefers-color-scheme: dark)');
function subscribeScheme(listener: () => void) {
  const query = darkScheme();
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** The theme's colours as values (not `var()`), so an exported PNG keeps them. */
export function useChartColors(): ChartColors {
  const dark = useSyncExternalStore(subscribeScheme, () => darkScheme().matches);
  return useMemo(() => {
    const style = getComputedStyle(document.documentElement);
    const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    return {
      series: read('--accent', '#1f6f4a'),
      compare: dark ? '#d2a8ff' : '#8250df',
      gap: read('--invalid', '#b3261e'),
      pending: read('--muted', '#57606a'),
      text: read('--text', '#1b1f23'),
      grid: read('--border', '#d0d7de'),
      background: read('--surface', '#ffffff'),
    };
    // `dark` is the dependency: the variables change with the scheme.
  }, [dark]);
}
