import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SessionUser } from '../../contract/bff-api.ts';
import { canAdminister, canWrite } from '../../contract/bff-basics.ts';

export interface NavItem {
  to: string;
  label: MessageDescriptor;
  /** A number shown beside the label: requests waiting for approval. */
  counter?: 'pendingApprovals';
}

/** Navigation grouped like the spec's resource groups; only pages that work are listed. */
export function navigationFor(user: SessionUser): { group: MessageDescriptor; items: NavItem[] }[] {
  const groups: { group: MessageDescriptor; items: NavItem[] }[] = [];
  const writer = canWrite(user.role);
  if (writer) {
    groups.push({
      group: msg`Consumers`,
      items: [{ to: '/consumers/migrate', label: msg`Migrate a consumer` }],
    });
  }
  groups.push({
    group: msg`Producers`,
    items: [
      { to: '/reports/feed-in', label: msg`Feed-in report` },
      ...(writer ? [{ to: '/producers/charges', label: msg`Book charges and credits` }] : []),
    ],
  });
  if (writer) {
    groups.push({
      group: msg`Review`,
      items: [{ to: '/approvals', label: msg`Approvals`, counter: 'pendingApprovals' }],
    });
    groups.push({
      group: msg`Bulk`,
      items: [
        { to: '/bulk/charges', label: msg`Bulk charges and credits` },
        { to: '/bulk/migrations', label: msg`Bulk consumer migrations` },
      ],
    });
    groups.push({
      group: msg`Master data`,
      items: [{ to: '/master-data/technical-resources', label: msg`Register a technical resource` }],
    });
  }
  groups.push({ group: msg`Tools`, items: [{ to: '/tools/validators', label: msg`Validators` }] });
  if (canAdminister(user.role)) {
    groups.push({
      group: msg`Admin`,
      items: [
        { to: '/admin/accounts', label: msg`Accounts` },
        { to: '/admin/audit', label: msg`Audit log` },
      ],
    });
  }
  return groups;
}
