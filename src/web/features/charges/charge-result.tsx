import { formatCents } from '../../../contract/euro-amount.ts';
import type { ChargeRecord } from '../../../contract/api/charges.ts';

/** The `bonus_created` records exactly as the platform returned them. */
export function ChargeResult({
  contractId,
  records,
  locale,
  onAnother,
}: {
  contractId: string;
  records: ChargeRecord[];
  locale: string;
  onAnother: () => void;
}) {
  const first = records[0];
  return (
    <div className="page page--wide">
      <h1>Book charges and credits</h1>
      <div className="success" role="status">
        <h2>{first?.type_of_transaction === 'charge' ? 'Charge booked' : 'Credit booked'}</h2>
        <p>
          The platform created {records.length} {records.length === 1 ? 'record' : 'records'} on contract{' '}
          <code>{contractId}</code> with input ID <code>{first?.input_id}</code>.
        </p>
      </div>
      <div className="table-scroll">
        <table className="table" data-testid="booked-records">
          <thead>
            <tr>
              <th scope="col">Internal ID</th>
              <th scope="col">Due date</th>
              <th scope="col">Type</th>
              <th scope="col" className="numeric">
                Amount
              </th>
              <th scope="col">Gross/net</th>
              <th scope="col">VAT</th>
              <th scope="col">Display name</th>
              <th scope="col">Category</th>
              <th scope="col">Salespartner</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.internal_id}>
                <td>{record.internal_id}</td>
                <td>{record.due_date}</td>
                <td>{record.type_of_transaction}</td>
                <td className="numeric">{formatCents(record.amount_cent, locale)}</td>
                <td>{record.is_gross ? 'gross' : 'net'}</td>
                <td>{record.vat_type}</td>
                <td>{record.display_name}</td>
                <td>{record.category}</td>
                <td>{record.salespartner}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <button type="button" className="button" onClick={onAnother}>
          Book another
        </button>
      </p>
    </div>
  );
}
