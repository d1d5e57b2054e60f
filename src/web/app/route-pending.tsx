import { useLingui } from '@lingui/react/macro';

/**
 * What the content area shows while a page's code or data loads: the shell stays, a quiet line says
 * it is loading. The words fade in late (styles.css), so a fast load never flashes them.
 */
export function RoutePending() {
  const { t } = useLingui();
  return (
    <p className="route-pending" role="status" data-testid="route-pending">
      {t`Loading…`}
    </p>
  );
}
