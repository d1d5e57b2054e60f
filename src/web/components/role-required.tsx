import { useLingui } from '@lingui/react/macro';
/** What a viewer sees on a page that writes: why there is nothing to send, and whom to ask. */
export function RoleRequired({ title, what }: { title: string; what: string }) {
  const { t } = useLingui();
  return (
    <div className="page page--form">
      <h1>{title}</h1>
      <p className="notice" role="note">
        {t`${what} needs the operator or admin role. You are signed in as a viewer: ask an admin to change your role if this is part of your work.`}
      </p>
    </div>
  );
}
