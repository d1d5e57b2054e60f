import { useLingui } from '@lingui/react/macro';
import { useCurrentUser } from '../lib/session/use-current-user.ts';

/**
 * What someone sees on a page their role may not use: the page's title, why there is nothing for them
 * here, and whom to ask — never a silent redirect. `needs`: the operator or admin role (pages that
 * write), or the admin role (the admin pages).
 */
export function RoleRequired({
  title,
  what,
  needs = 'writer',
}: {
  title: string;
  what: string;
  needs?: 'writer' | 'admin';
}) {
  const { t } = useLingui();
  const user = useCurrentUser();
  const text =
    needs === 'writer'
      ? t`${what} needs the operator or admin role. You are signed in as a viewer: ask an admin to change your role if this is part of your work.`
      : user.role === 'operator'
        ? t`${what} needs the admin role. You are signed in as an operator: ask an admin to change your role if this is part of your work.`
        : t`${what} needs the admin role. You are signed in as a viewer: ask an admin to change your role if this is part of your work.`;
  return (
    <div className="page page--form">
      <h1>{title}</h1>
      <p className="notice" role="note">
        {text}
      </p>
    </div>
  );
}
