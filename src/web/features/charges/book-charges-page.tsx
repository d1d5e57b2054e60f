import { t } from '@lingui/core/macro';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import {
  chargeFormSchema,
  chargeResponseSchema,
  needsExecutionCycle,
  type ChargeRecord,
  type ChargeRequest,
  type ChargeSubmission,
} from '../../../contract/api/charges.ts';
import { canWrite } from '../../../contract/bff-api.ts';
import {
  approvalSchema,
  chargeGrossTotalCent,
  needsApproval,
  type Approval,
} from '../../../contract/approvals.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { dateInZone } from '../../../contract/calendar-date.ts';
import { DEFAULT_CONFIRM_FROM_CENT, plausibilityReasons } from '../../../contract/charge-plausibility.ts';
import { chargeSchedule } from '../../../contract/charge-schedule.ts';
import { ContractPicker } from '../../components/form/contract-picker.tsx';
import { FormErrorSummary, SubmitButton } from '../../components/form/form-error-summary.tsx';
import { RadioGroup, SelectInput, TextArea, TextInput } from '../../components/form/inputs.tsx';
import { RoleRequired } from '../../components/role-required.tsx';
import { contractResolver } from '../../lib/form-resolver.ts';
import { useNumberLocale } from '../../lib/number-locale.ts';
import { rememberContract } from '../../lib/recent-contracts.ts';
import { readRecent, rememberRecent } from '../../lib/recent-list.ts';
import { useFormFeedback } from '../../lib/use-form-feedback.ts';
import { useFormSlots } from '../../lib/form-slots.ts';
import { useSendGates } from '../../lib/send-gates.ts';
import { WriteOutcomeNotice } from '../../components/form/write-outcome-notice.tsx';
import { APPROVAL_REQUIRED, useBookCharge } from './api/book-charge.ts';
import { useRequestApproval } from './api/request-approval.ts';
import { SentForApproval } from './sent-for-approval.tsx';
import {
  chargeFormValuesFrom,
  emptyChargeForm,
  toChargeCandidate,
  type ChargeFormValues,
} from './charge-form-values.ts';
import { bookingReasons, ChargePreview } from './charge-preview.tsx';
import { plausibilityKey } from './plausibility-check.tsx';
import { ChargeResult } from './charge-result.tsx';
import { CHARGE_FIELD_ORDER, chargeFields, type ChargeFieldName } from './charge-text.ts';
import { chargesSearchSchema } from './charges-search.ts';
import { useParsedSearch } from '../../lib/parsed-search.ts';

const CATEGORIES_KEY = 'charge-categories';

const isText = (value: unknown): value is string => typeof value === 'string';

function earlierCategories(): string[] {
  return readRecent(CATEGORIES_KEY, isText, 20);
}

function rememberCategory(category: string | undefined): void {
  if (category) rememberRecent(CATEGORIES_KEY, category, isText, (a, b) => a === b, 20);
}

/** What the page shows after a submit: the platform's records, or the request waiting for approval. */
type Sent = { kind: 'booked'; booked: Booked } | { kind: 'approval'; approval: Approval; user: string };

interface Booked {
  contractId: string;
  records: ChargeRecord[];
  user: string;
}

const chargesRouteApi = getRouteApi('/console/producers/charges');

/**
 * Where the form starts instead of empty, and what is said about it: a reversal from a contract's page
 * (the app composes it: features do not import each other).
 */
export interface ChargesStart {
  /** The request to fill in, with its contract; absent: the empty form (the notice says why). */
  request?: { body: ChargeRequest; user: string; contract: string };
  /** Said above the form. */
  notice: ReactNode;
  /** Said under the result once sent (booked or sent for approval). */
  afterSent?: ReactNode;
}

export function BookChargesPage({
  start,
  onAnother,
}: {
  start?: ChargesStart | undefined;
  /** "Book another" was chosen: the start is used up (the route drops what it came from). */
  onAnother?: () => void;
}) {
  const user = useCurrentUser();
  const search = useParsedSearch(chargesSearchSchema, chargesRouteApi.useSearch());
  const locale = useNumberLocale();
  const [sent, setSent] = useState<Sent | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [contract, setContract] = useState({ user: search.user, contract: search.contract });
  // The start fills the first form only: "Book another" begins afresh.
  const active = formKey === 0 ? start : undefined;
  if (!canWrite(user.role))
    return <RoleRequired title={t`Book charges and credits`} what={t`Booking charges and credits`} />;
  const another = (next: { user: string; contract: string }) => {
    setContract(next);
    setSent(null);
    setFormKey((key) => key + 1);
    onAnother?.();
  };
  if (sent?.kind === 'booked')
    return (
      <ChargeResult
        userId={sent.booked.user}
        contractId={sent.booked.contractId}
        records={sent.booked.records}
        locale={locale}
        onAnother={() => another({ user: sent.booked.user, contract: sent.booked.contractId })}
        extra={active?.afterSent}
      />
    );
  if (sent?.kind === 'approval')
    return (
      <SentForApproval
        approval={sent.approval}
        onAnother={() => another({ user: sent.user, contract: sent.approval.contract_id ?? '' })}
        extra={active?.afterSent}
      />
    );
  const request = active?.request;
  return (
    <ChargeForm
      key={formKey}
      initialValues={
        request
          ? chargeFormValuesFrom(request.body, { user: request.user, contract: request.contract }, locale)
          : emptyChargeForm({
              ...(contract.user ? { user: contract.user } : {}),
              ...(contract.contract ? { contract: contract.contract } : {}),
            })
      }
      notice={active?.notice}
      locale={locale}
      confirmFromCent={user.confirmFromCent ?? DEFAULT_CONFIRM_FROM_CENT}
      // A BFF that says nothing of approvals has none (it would not answer 428 either).
      approvalFromCent={user.approvalFromCent ?? null}
      onSent={setSent}
    />
  );
}

const isFormField = (name: string): name is ChargeFieldName =>
  CHARGE_FIELD_ORDER.some((field) => field === name);

function ChargeForm({
  initialValues,
  notice,
  locale,
  confirmFromCent,
  approvalFromCent,
  onSent,
}: {
  initialValues: ChargeFormValues;
  /** Said above the form (where its values come from). */
  notice?: ReactNode;
  locale: string;
  confirmFromCent: number;
  approvalFromCent: number | null;
  onSent: (sent: Sent) => void;
}) {
  const limits = useMemo(
    () => ({ confirmFromCent, today: dateInZone(new Date(), 'Europe/Berlin') }),
    [confirmFromCent],
  );
  // The reasons a confirmation was given for: a changed amount or date asks again.
  const [confirmedKey, setConfirmedKey] = useState<string | null>(null);
  const [plausibilityProblem, setPlausibilityProblem] = useState(false);
  const words = useMemo(() => chargeFields(locale), [locale]);
  const field = (name: ChargeFieldName) => ({ name, label: words[name].label, hint: words[name].hint });
  const resolver = useMemo(
    () =>
      contractResolver(
        toChargeCandidate,
        chargeFormSchema,
        (name) => (isFormField(name) ? words[name] : undefined),
        locale,
      ),
    [locale, words],
  );
  const form = useForm<ChargeFormValues, unknown, ChargeSubmission>({
    defaultValues: initialValues,
    resolver,
    shouldFocusError: false,
  });
  const [categories] = useState(earlierCategories);
  const { summaryFocusRequest, serverProblems, revealField, onInvalid, send, outcome, retrySafely } =
    useFormFeedback(form, isFormField, undefined, { write: 'charge' });

  const book = useBookCharge();
  const askApproval = useRequestApproval();
  // Said by the preview as the amount is typed: the button's words follow it.
  const [viaApproval, setViaApproval] = useState(false);
  // The contract whose booking the BFF sent for approval with its recent bookings (428): from then on this
  // form sends it there, until another contract is chosen.
  const [windowReachedFor, setWindowReachedFor] = useState<string | null>(null);
  const [watchedUser, watchedContract] = useWatch({
    control: form.control,
    name: ['user_id', 'contract_id'],
  });
  const windowReached = windowReachedFor !== null && windowReachedFor === `${watchedUser}/${watchedContract}`;
  // What the app adds to the contract fields: suggestions, the producer's name, an unknown pair confirmed.
  const { ContractFields } = useFormSlots();
  const gates = useSendGates<ChargeSubmission>();
  const submit = async (submission: ChargeSubmission) => {
    const { user_id: userId, contract_id: contractId, ...body } = submission;
    const schedule = chargeSchedule(body);
    // Decided on what is sent, not on the preview's (deferred) state.
    const forApproval = needsApproval(chargeGrossTotalCent(schedule), approvalFromCent) || windowReached;
    const reasons = bookingReasons(plausibilityReasons(schedule, limits), forApproval);
    if (reasons.length > 0 && plausibilityKey(reasons, body.type_of_transaction) !== confirmedKey) {
      setPlausibilityProblem(true);
      document.querySelector<HTMLInputElement>('input[name="confirm_plausibility"]')?.focus();
      return;
    }
    setPlausibilityProblem(false);
    if (!(await gates.run(submission))) return;
    const remember = () => {
      rememberContract({ user: userId, contract: contractId });
      rememberCategory(body.category);
    };
    if (forApproval)
      return send(
        () => askApproval.mutateAsync(submission),
        (responseBody) => {
          const approval = approvalSchema.parse(responseBody);
          remember();
          onSent({ kind: 'approval', approval, user: userId });
        },
      );
    return send(
      () =>
        book.mutateAsync(submission).then((answer) => {
          if (answer.status === APPROVAL_REQUIRED) setWindowReachedFor(`${userId}/${contractId}`);
          return answer;
        }),
      (responseBody) => {
        const parsed = chargeResponseSchema.parse(responseBody);
        remember();
        onSent({
          kind: 'booked',
          booked: {
            user: userId,
            contractId: parsed.contract_id,
            records: parsed.bonus_created.flatMap((entry) => Object.values(entry)),
          },
        });
      },
    );
  };

  return (
    <div className="page page--wide">
      <h1>{t`Book charges and credits`}</h1>
      <p className="lead">
        {t`Adds a one-off or recurring amount to a producer contract’s next invoices. The schedule below is what the platform will store.`}
      </p>
      {notice}
      <FormProvider {...form}>
        <form
          noValidate
          aria-label={t`Book charges and credits`}
          onSubmit={(event) => void form.handleSubmit(submit, onInvalid)(event)}
          className="page--form"
        >
          <FormErrorSummary
            focusRequest={summaryFocusRequest}
            serverProblems={serverProblems}
            onSelect={revealField}
            labelOf={(name) => (isFormField(name) ? words[name].label : undefined)}
            positionOf={(name) => CHARGE_FIELD_ORDER.findIndex((field) => field === name)}
          />
          <WriteOutcomeNotice outcome={outcome} onRetry={retrySafely} />
          <section className="card" aria-labelledby="contract-heading">
            <h2 id="contract-heading">{t`Contract`}</h2>
            {ContractFields ? <ContractFields gates={gates} /> : <ContractPicker />}
          </section>
          <section className="card" aria-labelledby="amount-heading">
            <h2 id="amount-heading">{t`Amount and schedule`}</h2>
            <RadioGroup
              {...field('type_of_transaction')}
              options={[
                { value: 'credit', label: t`Credit (to the customer)` },
                { value: 'charge', label: t`Charge (to the customer)` },
              ]}
            />
            <div className="field-row charge-amount-row">
              <TextInput {...field('amount_cent')} inputMode="decimal" autoComplete="off" suffix="€" />
              <SelectInput
                {...field('vat_type')}
                options={[
                  { value: 'normal', label: t`standard (19 %)` },
                  { value: 'reduced', label: t`reduced (7 %)` },
                ]}
              />
            </div>
            <RadioGroup
              {...field('is_gross')}
              options={[
                { value: 'true', label: t`gross (incl. VAT)` },
                { value: 'false', label: t`net (excl. VAT)` },
              ]}
            />
            <div className="field-row">
              <TextInput {...field('due_date')} type="date" />
              <TextInput {...field('no_of_executions')} inputMode="numeric" autoComplete="off" />
              <SelectInput
                {...field('execution_cycle')}
                options={[
                  { value: '', label: t`(once)` },
                  { value: 'month', label: t`monthly` },
                  { value: 'year', label: t`yearly` },
                ]}
              />
            </div>
            <CycleReminder />
          </section>
          <section className="card" aria-labelledby="invoice-heading">
            <h2 id="invoice-heading">{t`On the invoice`}</h2>
            <TextInput {...field('display_name')} autoComplete="off" />
            <div className="field-row">
              <TextInput {...field('input_id')} autoComplete="off" spellCheck={false} />
              <span>
                <TextInput {...field('category')} autoComplete="off" list="charge-categories" />
                <datalist id="charge-categories">
                  {categories.map((category) => (
                    <option key={category} value={category} />
                  ))}
                </datalist>
              </span>
            </div>
            <TextArea {...field('explanation_text')} rows={3} />
            <TextInput {...field('bookkeeping_account')} autoComplete="off" />
          </section>
          <ChargePreview
            locale={locale}
            plausibility={{
              limits,
              confirmedKey,
              onConfirm: (key) => {
                setConfirmedKey(key);
                if (key) setPlausibilityProblem(false);
              },
              problem: plausibilityProblem,
            }}
            approval={{ fromCent: approvalFromCent, onChange: setViaApproval }}
          />
          <div className="form-actions">
            {viaApproval || windowReached ? (
              <SubmitButton idle={t`Send for approval`} busy={t`Sending…`} />
            ) : (
              <SubmitButton idle={t`Book`} busy={t`Booking…`} />
            )}
          </div>
        </form>
      </FormProvider>
    </div>
  );
}

/** Spec 4.7 rule 1, said while typing: more than one execution needs a cycle. */
function CycleReminder() {
  const [executions, cycle] = useWatch<ChargeFormValues>({ name: ['no_of_executions', 'execution_cycle'] });
  const count = Number(executions);
  if (!needsExecutionCycle({ no_of_executions: count, execution_cycle: cycle || undefined })) return null;
  return (
    <p className="notice" role="status">
      {t`${count} executions need a cycle: choose monthly or yearly.`}
    </p>
  );
}
