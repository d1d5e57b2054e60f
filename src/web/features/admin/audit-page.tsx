import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { auditEntrySchema, type AuditEntry } from '../../../contract/bff-api.ts';
import { SelectField } from '../../components/select-field.tsx';
import { requestOk } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';

/** Attempts made without a session (refused with 401) are listed under one name. */
function usernameOf(entry: AuditEntry): string {
  return entry.username ?? '(signed out)';
}

export function AuditPage() {
  const [user, setUser] = useState('');
  const [operation, setOperation] = useState('');
  const audit = useQuery({
    queryKey: ['bff', 'audit'],
    queryFn: () =>
      requestOk('get', '/bff/audit', { searchParams: { limit: '1000' }, schema: z.array(auditEntrySchema) }),
  });
  const entries = (audit.data ?? []).filter(
    (entry) => (!user || usernameOf(entry) === user) && (!operation || entry.operation === operation),
  );
  const usernames = [...new Set((audit.data ?? []).map(usernameOf))].sort();
  const operations = [...new Set((audit.data ?? []).map((entry) => entry.operation))].sort();

  return (
    <div className="page">
      <h1>Audit log of write attempts</h1>
      <div className="field-row filters">
        <SelectField
          id="audit-user"
          label="User"
          value={user}
          options={[
            { value: '', label: 'All users' },
            ...usernames.map((name) => ({ value: name, label: name })),
          ]}
          onChange={setUser}
        />
        <SelectField
          id="audit-operation"
          label="Operation"
          value={operation}
          options={[
            { value: '', label: 'All operations' },
            ...operations.map((name) => ({ value: name, label: name })),
          ]}
          onChange={setOperation}
        />
      </div>
      {audit.isPending && <p>Loading the audit log…</p>}
      {audit.isError && <p role="alert">{audit.error.message}</p>}
      {audit.data && entries.length === 0 && <p>No write attempts match.</p>}
      {entries.length > 0 && (
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">Write attempts, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">User</th>
                <th scope="col">Role</th>
                <th scope="col">Operation</th>
                <th scope="col">Targets</th>
                <th scope="col" className="numeric">
                  Status
                </th>
                <th scope="col" className="numeric">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.requestId + entry.time}>
                  <td>{formatDateTime(entry.time)}</td>
                  <td>{entry.username ?? '—'}</td>
                  <td>{entry.role ?? '—'}</td>
                  <td>{entry.operation}</td>
                  <td>
                    {Object.entries(entry.targets)
                      .map(([key, value]) => `${key}=${value}`)
                      .join(', ') || '—'}
                  </td>
                  <td className="numeric">{entry.status}</td>
                  <td className="numeric">{entry.durationMs.toLocaleString()} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
