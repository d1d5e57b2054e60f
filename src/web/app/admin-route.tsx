import { t } from '@lingui/core/macro';
import { createRoute, Outlet, useLocation } from '@tanstack/react-router';
import { canAdminister } from '../../contract/bff-basics.ts';
import { consoleRoute } from './console-route.tsx';
import { RoleRequired } from '../components/role-required.tsx';
import { useCurrentUser } from '../lib/session/use-current-user.ts';

/**
 * The admin pages: for anyone else, the page says why it is not theirs (never a silent redirect). Here in
 * the app, so its words are in the shell's catalogue: it may show before the admin feature's has loaded.
 */
export const adminRoute = createRoute({
  getParentRoute: () => consoleRoute,
  id: 'admin',
  component: function AdminOnly() {
    const user = useCurrentUser();
    const pathname = useLocation({ select: (location) => location.pathname });
    if (canAdminister(user.role)) return <Outlet />;
    return pathname.startsWith('/admin/audit') ? (
      <RoleRequired needs="admin" title={t`Audit log of write attempts`} what={t`Reading the audit log`} />
    ) : (
      <RoleRequired needs="admin" title={t`Manage staff accounts`} what={t`Managing staff accounts`} />
    );
  },
});
