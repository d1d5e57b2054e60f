import { useLingui } from '@lingui/react/macro';
import type { StaffSession } from '../../../contract/accounts.ts';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useEndSessions } from './api/end-sessions.ts';
import { useSessions } from './api/get-sessions.ts';
import { userAgentName } from './user-agent-name.ts';

/**
 * Where someone is signed in, each with "Sign out"; for one's own, also "Sign out everywhere else" (a lost
 * laptop). `username`: an admin looking at someone else's sessions.
 */
export function SessionsPanel({ username, labelledBy }: { username?: string; labelledBy: string }) {
  const { t } = useLingui();
  const sessions = useSessions(username);
  const end = useEndSessions();
  const describe = (session: StaffSession) => {
    const { browser, system } = userAgentName(session.user_agent);
    if (browser && system) return t`${browser} on ${system}`;
    return browser ?? system ?? t`Unknown browser`;
  };
  if (sessions.isPending) return <p role="status">{t`Loading sessions…`}</p>;
  if (sessions.isError) return <p role="alert">{sessions.error.message}</p>;
  const others = sessions.data.filter((session) => !session.current);
  return (
    <>
      {sessions.data.length === 0 ? (
        <p className="empty">{t`Not signed in anywhere.`}</p>
      ) : (
        <ScrollRegion label={t`Table of sessions`}>
          <table className="table table--values sessions-table" aria-labelledby={labelledBy}>
            <thead>
              <tr>
                <th scope="col">{t`Browser`}</th>
                <th scope="col">{t`Address`}</th>
                <th scope="col">{t`Signed in`}</th>
                <th scope="col">{t`Last active`}</th>
                <th scope="col">{t`Actions`}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((session) => {
                const name = describe(session);
                return (
                  <tr key={session.id} data-testid="session-row">
                    <td title={session.user_agent ?? undefined}>
                      {name}
                      {session.current && (
                        <span className="tag sessions-table__current">{t`This session`}</span>
                      )}
                    </td>
                    <td>{session.ip ?? '—'}</td>
                    <td>{formatDateTime(session.created_at)}</td>
                    <td>{formatDateTime(session.last_seen_at)}</td>
                    <td>
                      {!session.current && (
                        <button
                          type="button"
                          className="button button--secondary"
                          disabled={end.isPending}
                          onClick={() => end.mutate([session.id])}
                        >
                          {t`Sign out`}
                          <span className="visually-hidden">
                            {' '}
                            ({name}, {session.ip ?? t`unknown address`})
                          </span>
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {username === undefined && others.length > 0 && (
        <p className="button-row">
          <button
            type="button"
            className="button button--secondary"
            disabled={end.isPending}
            onClick={() => end.mutate(others.map((session) => session.id))}
          >
            {t`Sign out everywhere else`}
          </button>
        </p>
      )}
      {end.isSuccess && <p role="status">{t`Signed out.`}</p>}
      {end.isError && <p role="alert">{end.error.message}</p>}
    </>
  );
}
