import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  technicalResourceRequestSchema,
  technicalResourceResponseSchema,
  type TechnicalResourceRequest,
  type TechnicalResourceResponse,
} from '../../../contract/api/technical-resources.ts';
import { REDISPATCH_ID_EXAMPLES } from '../../../contract/market-location.ts';
import { canWrite } from '../../../contract/bff-api.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { FormErrorSummary, SubmitButton } from '../../components/form/form-error-summary.tsx';
import { TextInput } from '../../components/form/inputs.tsx';
import { LiveCheckedInput } from '../../components/form/live-checked-input.tsx';
import { RoleRequired } from '../../components/role-required.tsx';
import type { FieldWords } from '../../lib/field-words.ts';
import { formErrorMap } from '../../lib/form-error-map.ts';
import { perLanguage } from '../../i18n/per-language.ts';
import { MARKET_LOCATION_CHECK } from '../../lib/live-checks.ts';
import { useFormFeedback } from '../../lib/use-form-feedback.ts';
import { WriteOutcomeNotice } from '../../components/form/write-outcome-notice.tsx';
import { useFormSlots } from '../../lib/form-slots.ts';
import { useSendGates } from '../../lib/send-gates.ts';
import { useRegisterTechnicalResource } from './api/register-technical-resource.ts';

const title = () => t`Register a technical resource`;

const fields = perLanguage(
  () =>
    ({
      contract_id: {
        label: t`Contract ID`,
        hint: t`The producer contract, e.g. C1000`,
        required: t`Enter the contract ID.`,
      },
      control_resource: {
        label: t`Control resource (SR-ID)`,
        hint: t`C, 9 letters or digits and a check digit, e.g. ${REDISPATCH_ID_EXAMPLES.C}`,
        required: t`Enter the control resource ID.`,
      },
      technical_resource_id: {
        label: t`Technical resource ID (TR-ID)`,
        hint: t`D, 9 letters or digits and a check digit, e.g. ${REDISPATCH_ID_EXAMPLES.D}`,
        required: t`Enter the technical resource ID.`,
      },
      market_location_feed: {
        label: t`Market location for feed-in`,
        hint: t`11 digits with a check digit, e.g. 51238696781`,
        required: t`Enter the market location the plant feeds into.`,
      },
      market_location_supply: {
        label: t`Market location for supply`,
        hint: t`11 digits with a check digit, e.g. 41373559241`,
        required: t`Enter the market location that supplies the plant.`,
      },
    }) satisfies Record<keyof TechnicalResourceRequest, FieldWords>,
);
type FieldName = keyof TechnicalResourceRequest;
const ORDER: readonly FieldName[] = [
  'contract_id',
  'control_resource',
  'technical_resource_id',
  'market_location_feed',
  'market_location_supply',
];

/** Accounting models of redispatch 2.0 (BDEW): the codes the platform answers with, in words. */
const accountingModelWords = perLanguage((): Record<string, string> => ({
  Z01: t`Z01 – planned-value model (Planwertmodell)`,
  Z02: t`Z02 – forecast model (Prognosemodell)`,
  Z03: t`Z03 – forecast model with planning data (Prognosemodell mit Planungsdaten)`,
}));

const EMPTY: TechnicalResourceRequest = {
  contract_id: '',
  control_resource: '',
  technical_resource_id: '',
  market_location_feed: '',
  market_location_supply: '',
};

const isFieldName = (name: string): name is FieldName => ORDER.some((field) => field === name);

const field = (name: FieldName) => {
  const { label, hint } = fields()[name];
  return { name, label, hint };
};
const resolver = zodResolver(technicalResourceRequestSchema, {
  error: formErrorMap((name) => (isFieldName(name) ? fields()[name] : undefined), undefined),
});

export function RegisterTechnicalResourcePage() {
  const user = useCurrentUser();
  const [registered, setRegistered] = useState<TechnicalResourceResponse | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (!canWrite(user.role)) return <RoleRequired title={title()} what={t`Registering technical resources`} />;
  if (registered)
    return (
      <div className="page page--form">
        <h1>{title()}</h1>
        <div className="success" role="status">
          <h2>{t`Technical resource registered`}</h2>
        </div>
        <dl className="record card">
          {(
            [
              'technical_resource_id',
              'control_resource',
              'market_location_feed',
              'market_location_supply',
            ] as const
          ).map((name) => (
            <div key={name}>
              <dt>{fields()[name].label}</dt>
              <dd>{registered[name]}</dd>
            </div>
          ))}
          <div>
            <dt>{t`Accounting model`}</dt>
            <dd data-testid="accounting-model">
              {accountingModelWords()[registered.accounting_model] ?? registered.accounting_model}
            </dd>
          </div>
        </dl>
        <button
          type="button"
          className="button"
          onClick={() => {
            setRegistered(null);
            setFormKey((key) => key + 1);
          }}
        >
          {t`Register another`}
        </button>
      </div>
    );
  return <TechnicalResourceForm key={formKey} onRegistered={setRegistered} />;
}

function TechnicalResourceForm({
  onRegistered,
}: {
  onRegistered: (record: TechnicalResourceResponse) => void;
}) {
  const form = useForm<TechnicalResourceRequest>({ defaultValues: EMPTY, resolver, shouldFocusError: false });
  const { summaryFocusRequest, serverProblems, revealField, onInvalid, send, outcome, retrySafely } =
    useFormFeedback(form, isFieldName, undefined, {
      write: 'technical_resource',
    });

  const register = useRegisterTechnicalResource();
  // What the app adds: contract suggestions, and the TR-IDs the console registered before.
  const { ContractIdField, TechnicalResourceDuplicates } = useFormSlots();
  const gates = useSendGates<TechnicalResourceRequest>();
  const submit = async (body: TechnicalResourceRequest) => {
    const permit = await gates.run(body);
    if (!permit) return;
    await send(
      () => register.mutateAsync({ body, headers: permit.headers }),
      (responseBody) => onRegistered(technicalResourceResponseSchema.parse(responseBody)),
    );
  };

  return (
    <div className="page page--form">
      <h1>{title()}</h1>
      <p className="lead">
        {t`Registers a plant’s technical resource for redispatch 2.0 on a producer contract. Identifiers are checked here before anything is sent.`}
      </p>
      <FormProvider {...form}>
        <form
          noValidate
          aria-label={title()}
          onSubmit={(event) => void form.handleSubmit(submit, onInvalid)(event)}
        >
          <FormErrorSummary
            focusRequest={summaryFocusRequest}
            serverProblems={serverProblems}
            onSelect={revealField}
            labelOf={(name) => (isFieldName(name) ? fields()[name].label : undefined)}
            positionOf={(name) => ORDER.findIndex((field) => field === name)}
          />
          <WriteOutcomeNotice outcome={outcome} onRetry={retrySafely} />
          <section className="card" aria-labelledby="resource-heading">
            <h2 id="resource-heading">{t`Resource`}</h2>
            {ContractIdField ? (
              <ContractIdField label={field('contract_id').label} hint={field('contract_id').hint} />
            ) : (
              <TextInput {...field('contract_id')} autoComplete="off" spellCheck={false} />
            )}
            <TextInput {...field('control_resource')} autoComplete="off" spellCheck={false} />
            <TextInput {...field('technical_resource_id')} autoComplete="off" spellCheck={false} />
          </section>
          <section className="card" aria-labelledby="locations-heading">
            <h2 id="locations-heading">{t`Market locations`}</h2>
            <LiveCheckedInput
              {...field('market_location_feed')}
              check={MARKET_LOCATION_CHECK}
              inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
            />
            <LiveCheckedInput
              {...field('market_location_supply')}
              check={MARKET_LOCATION_CHECK}
              inputProps={{ inputMode: 'numeric', autoComplete: 'off' }}
            />
          </section>
          <div className="form-actions">
            <SubmitButton idle={t`Register`} busy={t`Registering…`} />
          </div>
          {/* Below the button, which stays where a double click's second click lands. */}
          {TechnicalResourceDuplicates && <TechnicalResourceDuplicates gates={gates} />}
        </form>
      </FormProvider>
    </div>
  );
}
