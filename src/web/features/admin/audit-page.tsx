import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { auditEntrySchema } from '../../../contract/bff-api.ts';
import { requestOk } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';

export function AuditPage() {
  const [user, setUser] = useState('');
  const [operation, setOperation] = useState('');
  const audit = useQuery({
    queryKey: ['bff', 'audit'],
    queryFn: () =>
      requestOk('get', '/bff/audit', { searchParams: { limit: '1000' }, schema: z.array(auditEntrySchema) }),
  });
  const entries = (audit.data ?? []).filter(
    (entry) => (!user || entry.username === user) && (!operation || entry.operation === operation),
  );
  const usernames = [...new Set((audit.data ?? []).map((entry) => entry.username ?? '(signed out)'))].sort();
  const operations = [...new Set((audit.data ?? []).map((entry) => entry.operation))].sort();

  return (
    <div className="page">
      <h1>Audit log of write attempts</h1>
      <div className="field-row filters">
        <div className="field">
          <label htmlFor="audit-user">User</label>
          <select id="audit-user" value={user} onChange={(event) => setUser(event.target.value)}>
            <option value="">All users</option>
            {usernames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-operation">Operation</label>
          <select
            id="audit-operation"
            value={operation}
            onChange={(event) => setOperation(event.target.value)}
          >
            <option value="">All operations</option>
            {operations.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
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
