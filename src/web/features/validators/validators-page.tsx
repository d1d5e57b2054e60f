import { useEffect } from 'react';
import { CHANGE_REASON_LABELS, CHANGE_REASONS, CUSTOMER_TYPES } from '../../../contract/delivery-start.ts';
import { formatIbanGroups } from '../../../contract/iban.ts';
import { SelectField } from '../../components/select-field.tsx';
import { formatLongDate } from '../../lib/format.ts';
import { useDraft } from '../../lib/use-draft.ts';
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
  const [draft, setDraft] = useDraft<ValidatorDraft>('validators', EMPTY);
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
      <h1>Check IBAN, market location and delivery start</h1>
      <p className="lead">
        Checks run against the Energy Platform while you type. Messages are the platform's own.
      </p>

      <section className="card" aria-labelledby="iban-heading">
        <h2 id="iban-heading">Bank account</h2>
        <LiveField
          id="iban"
          label="IBAN"
          hint="Spaces and lower case are fine, e.g. DE89 3704 0044 0532 0130 00"
          value={draft.iban}
          onChange={(value) => update({ iban: value })}
          state={iban}
          inputProps={{ name: 'iban', autoComplete: 'off', spellCheck: false }}
        >
          {iban.status === 'valid' && <p className="grouped">{formatIbanGroups(draft.iban)}</p>}
        </LiveField>
      </section>

      <section className="card" aria-labelledby="malo-heading">
        <h2 id="malo-heading">Market location</h2>
        <LiveField
          id="market-location-id"
          label="Market location ID"
          hint="11 digits, the last one a check digit, e.g. 51238696781"
          value={draft.marketLocationId}
          onChange={(value) => update({ marketLocationId: value })}
          state={marketLocation}
          inputProps={{ name: 'market_location_id', inputMode: 'numeric', autoComplete: 'off' }}
        />
      </section>

      <section className="card" aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">Delivery start</h2>
        <div className="field-row">
          <SelectField
            id="customer-type"
            label="Customer type"
            value={draft.customerType}
            options={CUSTOMER_TYPES.map((type) => ({ value: type, label: type }))}
            onChange={(customerType) => update({ customerType })}
          />
          <SelectField
            id="change-reason"
            label="Change reason"
            value={draft.changeReason}
            options={CHANGE_REASONS.map((reason) => ({ value: reason, label: CHANGE_REASON_LABELS[reason] }))}
            onChange={(changeReason) => update({ changeReason })}
          />
        </div>
        <LiveField
          id="delivery-start"
          label="Preferred delivery start"
          hint="The first day of supply (Europe/Berlin)"
          value={draft.deliveryStart}
          onChange={(value) => update({ deliveryStart: value })}
          state={deliveryStart}
          inputProps={{ type: 'date' }}
        >
          {deliveryStart.status === 'invalid' && deliveryStart.earliest && (
            <p className="earliest">
              Earliest possible start: <strong>{deliveryStart.earliest}</strong> (
              {formatLongDate(deliveryStart.earliest)}){' '}
              <button
                type="button"
                className="button button--secondary"
                onClick={() => update({ deliveryStart: deliveryStart.earliest! })}
              >
                Use this date
              </button>
            </p>
          )}
        </LiveField>
      </section>
    </div>
  );
}
