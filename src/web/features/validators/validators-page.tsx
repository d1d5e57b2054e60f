import { t } from '@lingui/core/macro';
import { useEffect } from 'react';
import {
  CHANGE_REASONS,
  CUSTOMER_TYPES,
  type ChangeReason,
  type CustomerType,
} from '../../../contract/delivery-start.ts';

/** The customer types in words; the check sends the platform's code. */
const customerTypeLabels = (): Record<CustomerType, string> => ({
  private: t`Private`,
  business: t`Business`,
  producer: t`Producer`,
});

/** The change reasons' codes stay as the platform has them; what they mean is said in the UI language. */
const changeReasonLabels = (): Record<ChangeReason, string> => ({
  E01: t`E01 – move in/out`,
  E02: t`E02 – move-in / new installation`,
  E03: t`E03 – supplier switch`,
});
import { formatIbanGroups } from '../../../contract/iban.ts';
import { SelectInput } from '../../components/form/inputs.tsx';
import { EarliestStartOffer } from '../../components/earliest-start-offer.tsx';
import { useDraft } from '../../lib/use-draft.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { LiveField } from './live-field.tsx';
import { useLiveCheck } from '../../lib/live-check.ts';
import {
  DELIVERY_START_CHECK,
  IBAN_CHECK,
  MARKET_LOCATION_CHECK,
  deliveryStartKey,
} from '../../lib/live-checks.ts';

interface ValidatorDraft {
  iban: string;
  marketLocationId: string;
  deliveryStart: string;
  customerType: string;
  changeReason: string;
}

const EMPTY: ValidatorDraft = {
  iban: '',
  marketLocationId: '',
  deliveryStart: '',
  customerType: 'private',
  changeReason: 'E03',
};

export function ValidatorsPage({
  fill = {},
}: {
  fill?: { iban?: string | undefined; marketLocation?: string | undefined };
}) {
  const { username } = useCurrentUser();
  const [draft, setDraft] = useDraft<ValidatorDraft>(username, 'validators', EMPTY);
  const update = (changes: Partial<ValidatorDraft>) => setDraft({ ...draft, ...changes });
  // A value handed over in the URL (the command palette's "check IBAN …") replaces what was typed before.
  const { iban: fillIban, marketLocation: fillMarketLocation } = fill;
  useEffect(() => {
    if (fillIban === undefined && fillMarketLocation === undefined) return;
    setDraft((current) => ({
      ...current,
      ...(fillIban !== undefined ? { iban: fillIban } : {}),
      ...(fillMarketLocation !== undefined ? { marketLocationId: fillMarketLocation } : {}),
    }));
  }, [fillIban, fillMarketLocation, setDraft]);

  const iban = useLiveCheck(draft.iban, IBAN_CHECK);
  const marketLocation = useLiveCheck(draft.marketLocationId, MARKET_LOCATION_CHECK);
  const deliveryStart = useLiveCheck(
    deliveryStartKey({
      date: draft.deliveryStart,
      customerType: draft.customerType,
      changeReason: draft.changeReason,
    }),
    DELIVERY_START_CHECK,
  );

  return (
    <div className="page page--form">
      <h1>{t`Check IBAN, market location and delivery start`}</h1>
      <p className="lead">
        {t`Checks run against the Energy Platform while you type. Messages are the platform's own; known ones are explained in your language.`}
      </p>

      <section className="card" aria-labelledby="iban-heading">
        <h2 id="iban-heading">{t`Bank account`}</h2>
        <LiveField
          id="iban"
          label={t`IBAN`}
          hint={t`Spaces and lower case are fine, e.g. DE89 3704 0044 0532 0130 00`}
          value={draft.iban}
          onChange={(value) => update({ iban: value })}
          state={iban}
          inputProps={{ name: 'iban', autoComplete: 'off', spellCheck: false }}
        >
          {iban.status === 'valid' && <p className="grouped">{formatIbanGroups(draft.iban)}</p>}
        </LiveField>
      </section>

      <section className="card" aria-labelledby="malo-heading">
        <h2 id="malo-heading">{t`Market location`}</h2>
        <LiveField
          id="market-location-id"
          label={t`Market location ID`}
          hint={t`11 digits, the last one a check digit, e.g. 51238696781`}
          value={draft.marketLocationId}
          onChange={(value) => update({ marketLocationId: value })}
          state={marketLocation}
          inputProps={{ name: 'market_location_id', inputMode: 'numeric', autoComplete: 'off' }}
        />
      </section>

      <section className="card" aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">{t`Delivery start`}</h2>
        <div className="field-row">
          <SelectInput
            id="customer-type"
            label={t`Customer type`}
            value={draft.customerType}
            options={CUSTOMER_TYPES.map((type) => ({ value: type, label: customerTypeLabels()[type] }))}
            onChange={(customerType) => update({ customerType })}
          />
          <SelectInput
            id="change-reason"
            label={t`Change reason`}
            value={draft.changeReason}
            options={CHANGE_REASONS.map((reason) => ({ value: reason, label: changeReasonLabels()[reason] }))}
            onChange={(changeReason) => update({ changeReason })}
          />
        </div>
        <LiveField
          id="delivery-start"
          label={t`Preferred delivery start`}
          hint={t`The first day of supply (Europe/Berlin)`}
          value={draft.deliveryStart}
          onChange={(value) => update({ deliveryStart: value })}
          state={deliveryStart}
          inputProps={{ type: 'date' }}
        >
          <EarliestStartOffer state={deliveryStart} onUse={(date) => update({ deliveryStart: date })} />
        </LiveField>
      </section>
    </div>
  );
}
