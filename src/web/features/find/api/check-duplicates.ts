import {
  DUPLICATE_ACKNOWLEDGED_HEADER,
  duplicatesSchema,
  type Duplicate,
  type DuplicateCheck,
} from '../../../../contract/records.ts';
import { requestOk } from '../../../lib/api-client.ts';

/** `POST /bff/records/duplicates`: the earlier successful writes the new one would repeat. */
export const checkDuplicates = (check: DuplicateCheck): Promise<Duplicate[]> =>
  requestOk('post', '/bff/records/duplicates', { json: check, schema: duplicatesSchema }).then(
    (answer) => answer.duplicates,
  );

/** The header of a write sent despite the warning: the record ids it was warned about. */
export const acknowledgementHeaders = (duplicates: readonly Duplicate[]): Record<string, string> => ({
  [DUPLICATE_ACKNOWLEDGED_HEADER]: duplicates.map((duplicate) => duplicate.record_id).join(','),
});
