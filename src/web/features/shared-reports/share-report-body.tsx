import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { useCreateSharedReport } from './api/create-shared-report.ts';

/**
 * The share panel's content: the form for a new link, then the link made, shown once. Its own chunk, loaded
 * when the panel is first asked for (share-report-panel.tsx): the report's first load does not carry it.
 */
export function ShareReportBody({
  report,
  created,
  onCreated,
}: {
  report: ShownReport;
  created: CreatedSharedReport | null;
  onCreated: (created: CreatedSharedReport | null) => void;
}) {
  return created ? (
    <CreatedLink created={created} onAnother={() => onCreated(null)} />
  ) : (
    <ShareForm report={report} onCreated={onCreated} />
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
