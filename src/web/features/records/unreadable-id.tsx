import { t } from '@lingui/core/macro';

/** A user or contract ID in the address that no record can have. */
export function UnreadableId() {
  return (
    <p className="error-summary" role="alert" data-testid="unreadable-id">
      {t`This address names no user or contract ID the console knows: IDs use letters, digits, _ and - only (at most 64).`}
    </p>
  );
}
