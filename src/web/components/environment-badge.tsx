import type { Environment } from '../../contract/bff-api.ts';

/** The environment on every screen: calm for sandbox and test, an unmissable band for production. */
export function EnvironmentBadge({ environment }: { environment: Environment }) {
  return (
    <span className={`environment environment--${environment}`} data-testid="environment">
      {environment === 'production' ? 'PRODUCTION — changes are real' : `Environment: ${environment}`}
    </span>
  );
}
