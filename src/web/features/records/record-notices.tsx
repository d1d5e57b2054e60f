import { t } from '@lingui/core/macro';

/** A user or contract ID in the address that no record can have. */
export function UnreadableId() {
  return (
    <p className="error-summary" role="alert" data-testid="unreadable-id">
      {t`This address names no user or contract ID the console knows: IDs use letters, digits, _ and - only (at most 64).`}
    </p>
  );
}

/**
 * Where a records page stands before its records show: an ID no record can have, the records' failure, or
 * loading (`loading` names what). Nothing once they are there.
 */
export function RecordsLoadState({
  readable,
  query,
  loading,
}: {
  readable: boolean;
  query: { isPending: boolean; error: Error | null };
  loading: string;
}) {
  if (!readable) return <UnreadableId />;
  if (query.error)
    return (
      <p className="error-summary" role="alert">
        {query.error.message}
      </p>
    );
  if (query.isPending)
    return (
      <p role="status" aria-busy="true">
        {loading}
      </p>
    );
  return null;
}

/** The notes of a migration's sections: its payment section says when the reader's role sees bank data masked. */
export function bankDataNotes(masked: boolean) {
  return masked
    ? {
        payment: (
          <p className="notice" data-testid="bank-data-masked">
            {t`Bank data is masked for your role.`}
          </p>
        ),
      }
    : {};
}
