import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ContractPicker } from '../../components/form/contract-picker.tsx';
import type { ContractFieldsProps, ContractPair } from '../../lib/form-slots.ts';
import { useSendGate } from '../../lib/send-gates.ts';
import { contractCheckOptions } from './api/check-contract.ts';
import { ContractCombobox } from './contract-combobox.tsx';
import { checkablePair, needsConfirmation, type ContractVerdict } from './contract-check.ts';
import type { KnownContract } from './search-results.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

const STATUS_ID = 'contract-check-status';
/** A pair is checked once typing pauses a little longer than a search: a probe per keystroke would be noise. */
const CHECK_DEBOUNCE_MS = 400;

const pairKey = (pair: { userId: string; contractId: string }) => `${pair.userId}/${pair.contractId}`;

/**
 * The user ID and contract ID of a form, each suggesting the contracts the console knows; what is known
 * of the pair beside them (the producer's name, or the platform not knowing it); and, with `gates`, a
 * deliberate confirmation before sending to a pair the platform says it does not know.
 */
export function ContractFields({ gates }: ContractFieldsProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { setValue, control } = useFormContext<ContractPair>();
  const [userId = '', contractId = ''] = useWatch({ control, name: ['user_id', 'contract_id'] });
  const pair = checkablePair(userId, contractId);
  const key = pair ? pairKey(pair) : '';
  const settledKey = useDebouncedValue(key, CHECK_DEBOUNCE_MS);
  const settled = pair && settledKey === key ? pair : null;
  const check = useQuery({
    ...contractCheckOptions(settled?.userId ?? '', settled?.contractId ?? ''),
    enabled: settled !== null,
  });
  const verdict = settled ? check.data : undefined;
  const [confirmedKey, setConfirmedKey] = useState<string | null>(null);
  const [confirmProblem, setConfirmProblem] = useState(false);
  const confirmBox = useRef<HTMLInputElement>(null);

  useSendGate(gates, async (submission) => {
    const sent = checkablePair(submission.user_id, submission.contract_id);
    if (!sent) return { headers: {} };
    // The check failing (a network hiccup) does not hold the booking back: it is a warning, not a gate.
    const sentVerdict = await queryClient
      .fetchQuery(contractCheckOptions(sent.userId, sent.contractId))
      .catch(() => undefined);
    if (!needsConfirmation(sentVerdict) || confirmedKey === pairKey(sent)) return { headers: {} };
    setConfirmProblem(true);
    // After React has shown the box (it stands with the verdict, which this fetch has just given).
    setTimeout(() => confirmBox.current?.focus(), 0);
    return null;
  });

  const choose = (contract: KnownContract) => {
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue('user_id', contract.userId, options);
    setValue('contract_id', contract.contractId, options);
  };

  return (
    <ContractPicker
      renderField={(field) => <ContractCombobox {...field} onChoose={choose} describedBy={STATUS_ID} />}
    >
      <div id={STATUS_ID} aria-live="polite" className="contract-check">
        {settled && verdict && (
          <VerdictLine verdict={verdict} userId={settled.userId} contractId={settled.contractId} />
        )}
        {settled && !verdict && check.isFetching && <p className="hint">{t`Checking the contract…`}</p>}
      </div>
      {gates && settled && needsConfirmation(verdict) && (
        <ConfirmUnknown
          pair={settled}
          confirmed={confirmedKey === pairKey(settled)}
          onConfirm={(confirmed) => {
            setConfirmedKey(confirmed ? pairKey(settled) : null);
            if (confirmed) setConfirmProblem(false);
          }}
          problem={confirmProblem}
          boxRef={confirmBox}
        />
      )}
    </ContractPicker>
  );
}

/** The deliberate confirmation of a pair the platform says it does not know (before sending). */
function ConfirmUnknown({
  pair: { userId, contractId },
  confirmed,
  onConfirm,
  problem,
  boxRef,
}: {
  pair: { userId: string; contractId: string };
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
  problem: boolean;
  boxRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useLingui();
  return (
    <div
      className={
        problem
          ? 'field field--checkbox contract-confirm contract-confirm--problem'
          : 'field field--checkbox contract-confirm'
      }
    >
      <span className="checkbox-line">
        <input
          ref={boxRef}
          type="checkbox"
          id="contract-confirm"
          checked={confirmed}
          onChange={(event) => onConfirm(event.currentTarget.checked)}
          {...(problem ? { 'aria-describedby': 'contract-confirm-error', 'aria-invalid': true } : {})}
        />
        <label htmlFor="contract-confirm">
          {t`The IDs are right: send to contract ${contractId} of ${userId} anyway.`}
        </label>
      </span>
      {problem && (
        <p className="field-error" id="contract-confirm-error">
          {t`Check the IDs, or confirm them here before sending.`}
        </p>
      )}
    </div>
  );
}

/** What the console knows of the pair, in one line. */
function VerdictLine({
  verdict,
  userId,
  contractId,
}: {
  verdict: ContractVerdict;
  userId: string;
  contractId: string;
}) {
  const { t } = useLingui();
  switch (verdict.kind) {
    case 'known': {
      const { name } = verdict.contract;
      return (
        <p className="hint contract-known" data-testid="contract-producer">
          {name
            ? t`Producer: ${userId} · ${name}`
            : t`The console has worked with ${userId} · ${contractId} before.`}
        </p>
      );
    }
    case 'exists':
      return <p className="hint">{t`The platform knows contract ${contractId} of ${userId}.`}</p>;
    case 'unknown':
      return (
        <p className="notice notice--warning contract-unknown" data-testid="contract-unknown">
          {t`The platform does not know contract ${contractId} of ${userId} — check the IDs.`}
        </p>
      );
    case 'unchecked':
      return <p className="hint">{t`The contract could not be checked right now.`}</p>;
  }
}
