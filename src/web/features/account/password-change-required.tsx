import { useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { ChangePasswordForm } from './change-password-form.tsx';

export { loadAccountCatalogue } from './account-catalogue.ts';

/**
 * The page of someone signed in with an admin's temporary password, inside a shell without navigation
 * or commands: the BFF refuses everything else until the password is replaced.
 */
export function PasswordChangeRequired({ username }: { username: string }) {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <div className="page page--form">
      <h1>{t`Choose a new password`}</h1>
      <p className="lead">
        {t`An administrator reset your password. Choose your own now: until then the console stays locked.`}
      </p>
      <section className="card">
        {/* The session in the cache says the change is done: the console route reads it again. */}
        <ChangePasswordForm username={username} temporary onChanged={() => void router.invalidate()} />
      </section>
    </div>
  );
}
