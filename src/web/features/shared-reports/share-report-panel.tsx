import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { canWrite } from '../../../contract/bff-basics.ts';
import type { CreatedSharedReport } from '../../../contract/shared-reports.ts';
import type { ShownReport } from '../../lib/report-slots.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import type * as ShareReportBodyModule from './share-report-body.tsx';

type BodyModule = typeof ShareReportBodyModule;
/** The panel's form and link: loaded as the button is pointed at or focused, so it is there by the click. */
const loadBody = () => import('./share-report-body.tsx');
const preloadBody = () => void loadBody().catch(() => undefined);

/**
 * The panel's code once it is in; a load that failed (a release replaced the chunk, the network dropped) says
 * so where the form would be, with a button to try again, and the report stays as it is.
 */
function useBody(open: boolean) {
  const [body, setBody] = useState<BodyModule | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!open || body) return;
    let current = true;
    loadBody().then(
      (module) => current && setBody(module),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [open, body, attempt]);
  const retry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };
  return { body, failed, retry };
}

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
  const { body, failed, retry } = useBody(open);
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
          {body ? (
            <body.ShareReportBody report={report} created={created} onCreated={setCreated} />
          ) : failed ? (
            <p role="alert">
              {t`The sharing form could not be loaded.`}{' '}
              <button type="button" className="button button--secondary" onClick={retry}>
                {t`Try again`}
              </button>
            </p>
          ) : (
            <p role="status">{t`Loading…`}</p>
          )}
        </section>
      )}
    </>
  );
}
