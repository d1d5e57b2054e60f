import { canAdminister, canWrite, type SessionUser } from '../../contract/bff-api.ts';

export interface NavItem {
  to: string;
  label: string;
}

/** Navigation grouped like the spec's resource groups; only pages that work are listed. */
export function navigationFor(user: SessionUser): { group: string; items: NavItem[] }[] {
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
