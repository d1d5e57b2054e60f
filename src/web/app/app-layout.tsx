import { Link, Outlet } from '@tanstack/react-router';
import { canAdminister, canWrite, type SessionUser } from '../../contract/bff-api.ts';
import { EnvironmentBadge } from '../components/environment-badge.tsx';
import { useSignOut } from '../features/auth/session.ts';

interface NavItem {
  to: string;
  label: string;
}

/** Navigation grouped like the spec's resource groups; only pages that work are listed. */
function navigationFor(user: SessionUser): { group: string; items: NavItem[] }[] {
  const groups: { group: string; items: NavItem[] }[] = [];
  const writer = canWrite(user.role);
  if (writer) {
    groups.push({ group: 'Consumers', items: [{ to: '/consumers/migrate', label: 'Migrate a consumer' }] });
  }
  groups.push({
    group: 'Producers',
    items: [
      { to: '/reports/feed-in', label: 'Feed-in report' },
      ...(writer ? [{ to: '/producers/charges', label: 'Book charges and credits' }] : []),
    ],
  });
  if (writer) {
    groups.push({
      group: 'Bulk',
      items: [
        { to: '/bulk/charges', label: 'Bulk charges and credits' },
        { to: '/bulk/migrations', label: 'Bulk consumer migrations' },
      ],
    });
    groups.push({
      group: 'Master data',
      items: [{ to: '/master-data/technical-resources', label: 'Register a technical resource' }],
    });
  }
  groups.push({ group: 'Tools', items: [{ to: '/tools/validators', label: 'Validators' }] });
  if (canAdminister(user.role)) {
    groups.push({
      group: 'Admin',
      items: [
        { to: '/admin/accounts', label: 'Accounts' },
        { to: '/admin/audit', label: 'Audit log' },
      ],
    });
  }
  return groups;
}

export function AppLayout({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <div className={`shell shell--${user.environment}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">energy-console</span>
        <EnvironmentBadge environment={user.environment} />
        <span className="user" data-testid="current-user">
          <span title={user.displayName ? user.username : undefined}>
            {user.displayName ?? user.username}
          </span>{' '}
          <span className="role">({user.role})</span>
        </span>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => signOut.mutate(undefined, { onSuccess: (next) => window.location.assign(next) })}
          disabled={signOut.isPending}
        >
          Sign out
        </button>
      </header>
      <nav className="sidenav" aria-label="Main">
        {navigationFor(user).map((group) => (
          <div key={group.group} className="sidenav__group">
            <h2 className="sidenav__heading">{group.group}</h2>
            <ul>
              {group.items.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} activeProps={{ 'aria-current': 'page', className: 'active' }}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
