import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { canWrite } from '../../../contract/bff-api.ts';
import { addDays, fromUtcDate } from '../../../contract/calendar-date.ts';
import {
  expiryOfDay,
  SHARED_REPORT_DEFAULT_DAYS,
  SHARED_REPORT_MAX_DAYS,
  SHARED_REPORT_NOTE_MAX,
  shareFormSchemaAt,
  type CreatedSharedReport,
  type ShareForm,
} from '../../../contract/shared-reports.ts';
import { FormField } from '../../components/form-field.tsx';
import { formatDateTime } from '../../lib/format.ts';
import type { ShownReport } from '../../lib/report-slots.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { useCreateSharedReport } from './api/create-shared-report.ts';

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
        onClick={() => setOpen((was) => !was)}
      >
        {t`Share outside the console`}
      </button>
      {open && (
        <section id={panelId} className="card share-report__panel" aria-label={t`Share outside the console`}>
          {created ? (
            <CreatedLink created={created} onAnother={() => setCreated(null)} />
          ) : (
            <ShareForm report={report} onCreated={setCreated} />
          )}
        </section>
      )}
    </>
  );
}

function ShareForm({
  report,
  onCreated,
}: {
  report: ShownReport;
  onCreated: (created: CreatedSharedReport) => void;
}) {
  const { t } = useLingui();
  // "Now" and the resolver fixed when the form opens: the limits do not move while staff type.
  const [{ now, resolver }] = useState(() => {
    const opened = Date.now();
    return { now: opened, resolver: zodResolver(shareFormSchemaAt(opened)) };
  });
  const today = fromUtcDate(new Date(now));
  const form = useForm<ShareForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: { expires_on: addDays(today, SHARED_REPORT_DEFAULT_DAYS), note: '' },
  });
  const create = useCreateSharedReport();
  const { errors } = form.formState;
  const submit = (values: ShareForm) =>
    create.mutate(
      {
        ...report,
        expires_at: expiryOfDay(values.expires_on),
        ...(values.note ? { note: values.note } : {}),
      },
      { onSuccess: onCreated },
    );
  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      <p className="hint">
        {t`Anyone with the link can read this report — this contract, range, aggregation, time zone and view — without signing in, until the link expires or is revoked. They see no other contract and nothing of the console.`}
      </p>
      <FormField
        id="share-expires-on"
        label={t`Works until`}
        hint={t`The link stops at the end of this day (UTC): at most a year from today.`}
        error={errors.expires_on ? t`Choose a day from tomorrow to a year from today.` : undefined}
      >
        {(aria) => (
          <input
            {...aria}
            type="date"
            min={addDays(today, 1)}
            max={addDays(today, SHARED_REPORT_MAX_DAYS - 1)}
            {...form.register('expires_on')}
          />
        )}
      </FormField>
      <FormField
        id="share-note"
        label={t`For whom (optional)`}
        hint={t`A note for staff, such as “plant owner” or “community board”; the reader does not see it.`}
        error={errors.note ? t`At most ${SHARED_REPORT_NOTE_MAX} characters, on one line.` : undefined}
      >
        {(aria) => (
          <input {...aria} type="text" maxLength={SHARED_REPORT_NOTE_MAX} {...form.register('note')} />
        )}
      </FormField>
      <button className="button" type="submit" disabled={create.isPending}>
        {create.isPending ? t`Creating the link…` : t`Create the link`}
      </button>
      {create.isError && (
        <p className="field-error" role="alert">
          {create.error.message}
        </p>
      )}
    </form>
  );
}

function CreatedLink({ created, onAnother }: { created: CreatedSharedReport; onAnother: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const url = new URL(created.url, window.location.origin).toString();
  const until = formatDateTime(created.expires_at);
  return (
    <div role="status">
      <FormField
        id="share-link"
        label={t`The link`}
        hint={t`Shown only now: copy it and send it to whom it is for.`}
      >
        {(aria) => (
          <input {...aria} type="text" readOnly value={url} onFocus={(event) => event.target.select()} />
        )}
      </FormField>
      <p>{t`It works until ${until}; revoke it on the contract’s page.`}</p>
      <p className="button-row">
        <button
          type="button"
          className="button"
          onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
        >
          {copied ? t`Copied` : t`Copy link`}
        </button>
        <button type="button" className="button button--secondary" onClick={onAnother}>
          {t`Make another link`}
        </button>
      </p>
    </div>
  );
}
