import type { ChargeRequest } from '../../../../contract/api/charges.ts';
import type { ConsoleRecord } from '../../../../contract/records.ts';

/** A record as the BFF answers it, with what a test does not care about filled in. */
export function consoleRecord(fields: Partial<ConsoleRecord> & Pick<ConsoleRecord, 'id'>): ConsoleRecord {
  return {
    operation: 'charges',
    source: 'single',
    source_id: null,
    user_id: 'P1000',
    contract_id: 'C1000',
    input_id: null,
    technical_resource_id: null,
    sent: null,
    upstream_status: 201,
    upstream_body: null,
    outcome: 'created',
    recorded_by: 'olga',
    recorded_by_display_name: null,
    recorded_at: '2026-11-20T09:30:00.000Z',
    duplicate_of: [],
    duplicate_acknowledged: false,
    bank_data_masked: false,
    approval: null,
    ...fields,
  };
}

/** A credit of 12.50 € gross, once, as the charges form sends it. */
export function creditRequest(inputId: string, fields: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    input_id: inputId,
    type_of_transaction: 'credit',
    amount_cent: 1250,
    is_gross: true,
    vat_type: 'normal',
    due_date: '2026-12-01',
    display_name: 'Goodwill credit',
    ...fields,
  };
}

/** A booking record of a request, its input ID on the record as the BFF keeps it. */
export function bookingRecord(
  id: string,
  request: ChargeRequest,
  fields: Partial<ConsoleRecord> = {},
): ConsoleRecord {
  return consoleRecord({ id, input_id: request.input_id, sent: request, ...fields });
}
