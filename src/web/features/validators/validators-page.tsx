import { CHANGE_REASON_LABELS, CHANGE_REASONS, CUSTOMER_TYPES } from '../../../contract/delivery-start.ts';
import { formatIbanGroups, ibanLooksComplete } from '../../../contract/iban.ts';
import { MARKET_LOCATION_LENGTH } from '../../../contract/market-location.ts';
import { isIsoDate } from '../../../contract/calendar-date.ts';
import { SelectField } from '../../components/select-field.tsx';
import { formatLongDate } from '../../lib/format.ts';
import { useDraft } from '../../lib/use-draft.ts';
import { LiveField } from './live-field.tsx';
import { useLiveCheck } from './live-check.ts';

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

export function ValidatorsPage() {
  const [draft, setDraft] = useDraft<ValidatorDraft>('validators', EMPTY);
  const update = (changes: Partial<ValidatorDraft>) => setDraft({ ...draft, ...changes });

  const iban = useLiveCheck(draft.iban, {
    name: 'iban',
    precheck: (value) => (ibanLooksComplete(value) ? null : 'Keep typing: the IBAN is not complete yet.'),
    path: '/api/v3/validation/bank_data_iban/',
    params: (value) => ({ iban: value.replace(/\s+/g, '') }),
  });
  const marketLocation = useLiveCheck(draft.marketLocationId, {
    name: 'market-location',
    precheck: (value) =>
      /^\d+$/.test(value) && value.length < MARKET_LOCATION_LENGTH
        ? `Keep typing: ${MARKET_LOCATION_LENGTH - value.length} more digits.`
        : null,
    path: '/api/v3/validation/market_location/',
    params: (value) => ({ market_location_id: value }),
  });
  const deliveryKey = `${draft.deliveryStart}|${draft.customerType}|${draft.changeReason}`;
  const deliveryStart = useLiveCheck(draft.deliveryStart ? deliveryKey : '', {
    name: 'delivery-start',
    precheck: () => (isIsoDate(draft.deliveryStart) ? null : 'Enter a full date.'),
    path: '/api/v3/validation/preferred_delivery_start/',
    params: () => ({
      preferred_delivery_start: draft.deliveryStart,
      customer_type: draft.customerType,
      change_reason: draft.changeReason,
    }),
  });

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
