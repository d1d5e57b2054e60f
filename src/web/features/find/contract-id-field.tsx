import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { PATH_ID_PATTERN } from '../../../contract/api/common.ts';
import type { ContractIdFieldProps } from '../../lib/form-slots.ts';
import { searchQueryOptions } from './api/search-records.ts';
import { ContractCombobox } from './contract-combobox.tsx';
import { findContract, knownContracts, type KnownContract } from './search-results.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

const STATUS_ID = 'contract-producer-status';

/**
 * A lone contract ID (a form without the user ID: technical resources), suggesting the contracts the
 * console knows, with the producer beside it when the console knows exactly one contract by that ID.
 */
export function ContractIdField({ label, hint }: ContractIdFieldProps) {
  const { setValue, control } = useFormContext<{ contract_id: string }>();
  const contractId = (useWatch({ control, name: 'contract_id' }) ?? '').trim();
  const settled = useDebouncedValue(PATH_ID_PATTERN.test(contractId) ? contractId : '', 400);
  const known = useQuery({ ...searchQueryOptions(settled, 'contract'), enabled: settled.length > 0 });
  const producer =
    settled && settled === contractId ? findContract(knownContracts(known.data ?? []), settled) : undefined;
  const choose = (contract: KnownContract) =>
    setValue('contract_id', contract.contractId, { shouldDirty: true, shouldValidate: true });
  return (
    <>
      <ContractCombobox
        name="contract_id"
        label={label}
        hint={hint}
        onChoose={choose}
        describedBy={STATUS_ID}
      />
      <div id={STATUS_ID} aria-live="polite" className="contract-check">
        {producer && <ProducerLine userId={producer.userId} name={producer.name} />}
      </div>
    </>
  );
}

function ProducerLine({ userId, name }: { userId: string; name: string | null }) {
  const { t } = useLingui();
  return (
    <p className="hint contract-known" data-testid="contract-producer">
      {name ? t`Producer: ${userId} · ${name}` : t`Producer: ${userId}`}
    </p>
  );
}
