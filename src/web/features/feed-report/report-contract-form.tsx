import { currentFormattingLocale } from '../../i18n/i18n.ts';
import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { producerContractPathSchema, type ProducerContractPath } from '../../../contract/api/feed.ts';
import { ContractPicker } from '../../components/form/contract-picker.tsx';
import type { FieldWords } from '../../lib/field-words.ts';
import { contractResolver } from '../../lib/form-resolver.ts';
import { useFormSlots } from '../../lib/form-slots.ts';

interface ContractFields {
  user_id: string;
  contract_id: string;
}

const words = (): Record<keyof ContractFields, FieldWords> => ({
  user_id: {
    label: t`User ID`,
    required: t`Enter the producer’s user ID, e.g. P1000.`,
    format: t`Use letters, digits, _ and - only.`,
  },
  contract_id: {
    label: t`Contract ID`,
    required: t`Enter the contract ID, e.g. C1000.`,
    format: t`Use letters, digits, _ and - only.`,
  },
});

const toCandidate = (values: ContractFields) => ({
  user_id: values.user_id.trim() || undefined,
  contract_id: values.contract_id.trim() || undefined,
});

/**
 * Which producer contract the report is about: the shared picker, written to the URL on "Show report".
 * Memoised: every change of the report's view is a navigation that renders the page again, and the form
 * (react-hook-form, its resolver, the picker's comboboxes) sees none of it; a new pair remounts it (its key).
 */
export const ReportContractForm = memo(function ReportContractForm({
  user,
  contract,
  onShow,
}: {
  user: string | undefined;
  contract: string | undefined;
  onShow: (path: ProducerContractPath) => void;
}) {
  // Suggestions and what is known of the pair, when the app adds them.
  const { ContractFields: SuggestingFields } = useFormSlots();
  const form = useForm<ContractFields, unknown, ProducerContractPath>({
    defaultValues: { user_id: user ?? '', contract_id: contract ?? '' },
    resolver: contractResolver(
      toCandidate,
      producerContractPathSchema,
      (name) => (name === 'user_id' || name === 'contract_id' ? words()[name] : undefined),
      currentFormattingLocale(),
    ),
  });
  return (
    <FormProvider {...form}>
      <form
        className="card report-contract"
        noValidate
        onSubmit={(event) => void form.handleSubmit(onShow)(event)}
        aria-label={t`Contract`}
      >
        {SuggestingFields ? <SuggestingFields /> : <ContractPicker />}
        <div className="form-actions">
          <button type="submit" className="button">
            {t`Show report`}
          </button>
        </div>
      </form>
    </FormProvider>
  );
});
