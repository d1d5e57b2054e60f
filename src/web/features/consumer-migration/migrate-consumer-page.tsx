import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { getRouteApi, useBlocker } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  consumerMigrationFormSchema,
  type ConsumerMigrationSubmission,
} from '../../../contract/api/consumer-migration.ts';
import { canWrite } from '../../../contract/bff-api.ts';
import { FormErrorSummary, SubmitButton } from '../../components/form/form-error-summary.tsx';
import { FormSection } from '../../components/form/form-section.tsx';
import {
  fieldPosition,
  isMigrationFormName,
  MIGRATION_SECTIONS,
  sectionOf,
  type MigrationSection,
} from '../../../contract/consumer-migration-fields.ts';
import { LeaveDialog } from '../../components/leave-dialog.tsx';
import { RoleRequired } from '../../components/role-required.tsx';
import { clearFormDraft, readFormDraft, useFormDraft } from '../../lib/form-draft.ts';
import { contractResolver } from '../../lib/form-resolver.ts';
import { useNumberLocale } from '../../lib/number-locale.ts';
import { useFormFeedback } from '../../lib/use-form-feedback.ts';
import { WriteOutcomeNotice } from '../../components/form/write-outcome-notice.tsx';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { useFormSlots } from '../../lib/form-slots.ts';
import { useSendGates } from '../../lib/send-gates.ts';
import { useMigrateConsumer } from './api/migrate-consumer.ts';
import {
  changedFields,
  emptyMigrationForm,
  hasInput,
  toMigrationCandidate,
  type MigrationFormValues,
} from './migration-form-values.ts';
import { MigrationResult } from './migration-result.tsx';
import { isJsonObject, type MigrationRecord } from './migration-record.ts';
import { SECTION_CONTENT } from './migration-sections.ts';
import { migrateSearchSchema, withAddressPrefill, type MigrateSearch } from './migration-prefill.ts';
import { useParsedSearch } from '../../lib/parsed-search.ts';
import { fieldWords, sectionTitles } from './migration-text.ts';

const DRAFT_KEY = 'consumer-migration';
const migrateRouteApi = getRouteApi('/console/consumers/migrate');

export function MigrateConsumerPage() {
  const user = useCurrentUser();
  // A link's delivery address ("migrate another consumer at this address") fills the first form only.
  const prefill = useParsedSearch(migrateSearchSchema, migrateRouteApi.useSearch());
  const [record, setRecord] = useState<MigrationRecord | null>(null);
  // A fresh form (new key) for "Migrate another consumer": nothing of the last one stays.
  const [formKey, setFormKey] = useState(0);
  if (!canWrite(user.role))
    return <RoleRequired title={t`Migrate a consumer`} what={t`Migrating consumers`} />;
  if (record)
    return (
      <MigrationResult
        record={record}
        onAnother={() => {
          setRecord(null);
          setFormKey((key) => key + 1);
        }}
      />
    );
  return <MigrationForm key={formKey} prefill={formKey === 0 ? prefill : {}} onMigrated={setRecord} />;
}

/** Sections closed until needed: rarely used, opened by a draft or an error that concerns them. */
const COLLAPSED_BY_DEFAULT: readonly MigrationSection[] = ['relationships', 'product-specifics', 'other'];

/** Which sections start open: all but the rare ones, unless the draft has something in them. */
function initialOpenSections(values: MigrationFormValues): Set<MigrationSection> {
  const open = new Set<MigrationSection>(MIGRATION_SECTIONS);
  for (const id of COLLAPSED_BY_DEFAULT) open.delete(id);
  for (const name of changedFields(values)) {
    const section = sectionOf(name);
    if (section) open.add(section);
  }
  return open;
}

function MigrationForm({
  prefill,
  onMigrated,
}: {
  prefill: MigrateSearch;
  onMigrated: (record: MigrationRecord) => void;
}) {
  const locale = useNumberLocale();
  // The draft is this staff member's own: another user signed in in this tab never sees it.
  const { username } = useCurrentUser();
  const resolver = useMemo(
    () => contractResolver(toMigrationCandidate, consumerMigrationFormSchema, fieldWords, locale),
    [locale],
  );
  const form = useForm<MigrationFormValues, unknown, ConsumerMigrationSubmission>({
    defaultValues: withAddressPrefill(readFormDraft(username, DRAFT_KEY, emptyMigrationForm()), prefill),
    resolver,
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { hasInput: changed, hasInputRef } = useFormDraft(username, DRAFT_KEY, form, hasInput);
  const [openSections, setOpenSections] = useState(() => initialOpenSections(form.getValues()));
  const succeeded = useRef(false);

  const blocker = useBlocker({
    // Session expiry sends staff to sign-in with the draft kept: never block that.
    shouldBlockFn: ({ next }) => hasInputRef.current && !succeeded.current && next.pathname !== '/sign-in',
    enableBeforeUnload: () => hasInputRef.current && !succeeded.current,
    withResolver: true,
  });

  const toggleSection = useCallback((id: string, open: boolean) => {
    const section = MIGRATION_SECTIONS.find((known) => known === id);
    if (!section) return;
    setOpenSections((current) => {
      const next = new Set(current);
      if (open) next.add(section);
      else next.delete(section);
      return next;
    });
  }, []);

  const openSectionsOf = (names: readonly string[]) =>
    setOpenSections((current) => {
      const next = new Set(current);
      for (const name of names) {
        const section = sectionOf(name);
        if (section) next.add(section);
      }
      return next;
    });

  const { summaryFocusRequest, serverProblems, clear, revealField, onInvalid, send, outcome, retrySafely } =
    useFormFeedback(form, isMigrationFormName, openSectionsOf, { write: 'consumer_migration' });

  const migrate = useMigrateConsumer();
  // Checks before sending that the app adds (the console's earlier migrations this one would repeat).
  const { MigrationDuplicates } = useFormSlots();
  const gates = useSendGates<ConsumerMigrationSubmission>();
  const submit = async (submission: ConsumerMigrationSubmission) => {
    const permit = await gates.run(submission);
    if (!permit) return;
    await send(
      () => migrate.mutateAsync({ submission, headers: permit.headers }),
      (body) => {
        succeeded.current = true;
        clearFormDraft(username, DRAFT_KEY);
        onMigrated(isJsonObject(body) ? body : {});
      },
    );
  };

  const discard = () => {
    clearFormDraft(username, DRAFT_KEY);
    form.reset(emptyMigrationForm());
    clear();
    setOpenSections(initialOpenSections(emptyMigrationForm()));
  };

  return (
    <div className="page page--form">
      <h1>{t`Migrate a consumer`}</h1>
      <p className="lead">
        {t`Registers a consumer from an old system with the Energy Platform. Checks run while you type; the draft is kept in this browser tab until you sign out.`}
      </p>
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(event) => void form.handleSubmit(submit, onInvalid)(event)}
          aria-label={t`Migrate a consumer`}
        >
          <FormErrorSummary
            focusRequest={summaryFocusRequest}
            serverProblems={serverProblems}
            onSelect={revealField}
            labelOf={(name) => fieldWords(name)?.label}
            positionOf={fieldPosition}
          />
          <WriteOutcomeNotice outcome={outcome} onRetry={retrySafely} />
          {MIGRATION_SECTIONS.map((section) => {
            const Content = SECTION_CONTENT[section];
            return (
              <FormSection
                key={section}
                id={section}
                title={i18n._(sectionTitles[section])}
                open={openSections.has(section)}
                onToggle={toggleSection}
              >
                <Content />
              </FormSection>
            );
          })}
          <div className="form-actions">
            <SubmitButton idle={t`Migrate consumer`} busy={t`Migrating…`} />
            {changed && (
              <button type="button" className="button button--secondary" onClick={discard}>
                {t`Discard draft`}
              </button>
            )}
            {changed && <span className="hint">{t`Draft saved in this tab.`}</span>}
          </div>
          {/* Below the buttons: shown above them it pushed "Migrate consumer" down, and a double click's second
              click landed on one of its links (and asked whether to leave the form). */}
          {MigrationDuplicates && <MigrationDuplicates gates={gates} />}
        </form>
      </FormProvider>
      {blocker.status === 'blocked' && (
        <LeaveDialog
          message={t`The consumer is not migrated yet. Your input stays as a draft in this tab and comes back when you return here, until you sign out.`}
          onStay={() => blocker.reset()}
          onLeave={() => blocker.proceed()}
        />
      )}
    </div>
  );
}
