import { useLingui } from '@lingui/react/macro';
import { SSO_USERNAME_PREFIX } from '../../../contract/bff-api.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { PasskeysPanel } from './passkeys-panel.tsx';
import { SessionsPanel } from './sessions-panel.tsx';

/** `/account`: one's own password, passkeys and sessions (issue 31). */
export function AccountPage() {
  const { t } = useLingui();
  const user = useCurrentUser();
  // An SSO account's username is `sso:<subject>`: its password lives at the company's identity provider.
  const sso = user.username.startsWith(SSO_USERNAME_PREFIX);
  const name = user.displayName ?? user.username;
  return (
    <div className="page">
      <h1>{t`Your account`}</h1>
      <p className="lead">{t`Signed in as ${name}.`}</p>
      <section className="card page--form" aria-labelledby="password-heading">
        <h2 id="password-heading">{t`Password`}</h2>
        {sso ? (
          <p data-testid="sso-password">
            {t`You sign in with SSO: your password is kept by your company’s sign-in service. Change it there.`}
          </p>
        ) : (
          <ChangePasswordForm username={user.username} />
        )}
      </section>
      <PasskeysPanel />
      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">{t`Sessions`}</h2>
        <p className="hint">
          {t`Where you are signed in. Sign out a session you do not recognise or a device you no longer have; if you do not recognise one, change your password too.`}
        </p>
        <SessionsPanel labelledBy="sessions-heading" />
      </section>
    </div>
  );
}
