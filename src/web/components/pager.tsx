import { t } from '@lingui/core/macro';
import { formatNumber } from '../lib/format.ts';

/**
 * "Newer" / "Page n of m" / "Older" under a server-paged list, newest first; `onPage` gets the page to show
 * (undefined for the first, so its URL stays without `page`).
 */
export function Pager({
  label,
  page,
  pages,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number | undefined) => void;
}) {
  const pageNumber = formatNumber(page);
  const pageCount = formatNumber(pages);
  return (
    <nav className="actions pager" aria-label={label}>
      <button
        type="button"
        className="button button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(page > 2 ? page - 1 : undefined)}
      >
        {t`Newer`}
      </button>
      <span>{t`Page ${pageNumber} of ${pageCount}`}</span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t`Older`}
      </button>
    </nav>
  );
}
