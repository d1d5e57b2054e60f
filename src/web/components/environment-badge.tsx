import { useLingui } from '@lingui/react/macro';
import type { Environment } from '../../contract/bff-api.ts';

/** The environment on every screen: calm for sandbox and test, an unmissable band for production. */
export function EnvironmentBadge({ environment }: { environment: Environment }) {
  const { t } = useLingui();
  return (
    <span className={`environment environment--${environment}`} data-testid="environment">
      {environment === 'production' ? t`PRODUCTION — changes are real` : t`Environment: ${environment}`}
    </span>
  );
}
