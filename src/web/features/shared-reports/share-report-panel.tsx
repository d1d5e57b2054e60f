import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import { canWrite } from '../../../contract/bff-basics.ts';
import type { CreatedSharedReport } from '../../../contract/shared-reports.ts';
import type { ShownReport } from '../../lib/report-slots.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';

/** The panel's form and link: loaded as the button is pointed at or focused, so it is there by the click. */
const loadBody = () => import('./share-report-body.tsx');
const ShareReportBody = lazy(() => loadBody().then((module) => ({ default: module.ShareReportBody })));
const preloadBody = () => void loadBody().catch(() => undefined);

/**
 * "Share outside the console" on a report (operators and admins, issue 46): a read-only link to exactly the
 * report shown — contract, range, aggregation, zone, view, compare — until a chosen day, with a note of whom
 * it is for. The link is shown once, with a copy button: only its hash is kept.
 */
export function ShareReportPanel({ report }: { report: ShownReport }) {
  const { t } = useLingui();
  const staff = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedSharedReport | null>(null);
  const panelId = useId();
  if (!canWrite(staff.role)) return null;
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={preloadBody}
        onFocus={preloadBody}
        onClick={() => setOpen((was) => !was)}
      >
        {t`Share outside the console`}
      </button>
      {open && (
        <section id={panelId} className="card share-report__panel" aria-label={t`Share outside the console`}>
          <Suspense fallback={<p role="status">{t`Loading…`}</p>}>
            <ShareReportBody report={report} created={created} onCreated={setCreated} />
          </Suspense>
        </section>
      )}
    </>
  );
}
