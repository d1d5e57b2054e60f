import { CHANGE_REASON_LABELS, CHANGE_REASONS, CUSTOMER_TYPES } from '../../../contract/delivery-start.ts';
import { formatIbanGroups, ibanLooksComplete } from '../../../contract/iban.ts';
import { MARKET_LOCATION_LENGTH } from '../../../contract/market-location.ts';
import { isIsoDate } from '../../../contract/calendar-date.ts';
import { FieldStatus } from '../../components/field-status.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { formatLongDate } from '../../lib/format.ts';
import { useDraft } from '../../lib/use-draft.ts';
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
        <div className="field">
          <label htmlFor="iban">IBAN</label>
          <p className="hint" id="iban-hint">
            Spaces and lower case are fine, e.g. DE89 3704 0044 0532 0130 00
          </p>
          <input
            id="iban"
            name="iban"
            autoComplete="off"
            spellCheck={false}
            value={draft.iban}
            onChange={(event) => update({ iban: event.target.value })}
            aria-describedby="iban-hint iban-status"
            aria-invalid={iban.status === 'invalid'}
          />
          {iban.status === 'valid' && <p className="grouped">{formatIbanGroups(draft.iban)}</p>}
          <FieldStatus id="iban-status" state={iban} />
        </div>
      </section>

      <section className="card" aria-labelledby="malo-heading">
        <h2 id="malo-heading">Market location</h2>
        <div className="field">
          <label htmlFor="market-location-id">Market location ID</label>
          <p className="hint" id="malo-hint">
            11 digits, the last one a check digit, e.g. 51238696781
          </p>
          <input
            id="market-location-id"
            name="market_location_id"
            inputMode="numeric"
            autoComplete="off"
            value={draft.marketLocationId}
            onChange={(event) => update({ marketLocationId: event.target.value })}
            aria-describedby="malo-hint malo-status"
            aria-invalid={marketLocation.status === 'invalid'}
          />
          <FieldStatus id="malo-status" state={marketLocation} />
        </div>
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
        <div className="field">
          <label htmlFor="delivery-start">Preferred delivery start</label>
          <p className="hint" id="delivery-hint">
            The first day of supply (Europe/Berlin)
          </p>
          <input
            id="delivery-start"
            type="date"
            value={draft.deliveryStart}
            onChange={(event) => update({ deliveryStart: event.target.value })}
            aria-describedby="delivery-hint delivery-status"
            aria-invalid={deliveryStart.status === 'invalid'}
          />
          <FieldStatus id="delivery-status" state={deliveryStart} />
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
        </div>
      </section>
    </div>
  );
}
