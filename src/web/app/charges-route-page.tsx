import { t } from '@lingui/core/macro';
import { getRouteApi } from '@tanstack/react-router';
import { BookChargesPage } from '../features/charges/book-charges-page.tsx';
import { chargesSearchSchema } from '../features/charges/charges-search.ts';
import { useReversalStart } from '../features/records/reversal-start.tsx';
import { useParsedSearch } from '../lib/parsed-search.ts';

const chargesRouteApi = getRouteApi('/console/producers/charges');

/**
 * `/producers/charges`, and with `?reverse={recordId}` the form filled with that booking's reversal: the
 * records feature reads the booking and says where the values come from, the charges feature books it
 * the usual way (confirmation, approval). Composed here, as features do not import each other.
 */
export function ChargesRoutePage() {
  const { reverse } = useParsedSearch(chargesSearchSchema, chargesRouteApi.useSearch());
  if (reverse === undefined) return <BookChargesPage />;
  const recordId = String(reverse);
  return <ReversalCharges key={recordId} recordId={recordId} />;
}

function ReversalCharges({ recordId }: { recordId: string }) {
  const navigate = chargesRouteApi.useNavigate();
  const reversal = useReversalStart(recordId);
  if (reversal.status === 'loading')
    return (
      <div className="page page--wide">
        <h1>{t`Book charges and credits`}</h1>
        {reversal.notice}
      </div>
    );
  const contract = reversal.start.request;
  return (
    <BookChargesPage
      start={reversal.start}
      // "Book another": the reversal is done with; the next form starts on the same contract.
      onAnother={() =>
        void navigate({ search: contract ? { user: contract.user, contract: contract.contract } : {} })
      }
    />
  );
}
