import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../../contract/bff-api.ts';

/**
 * A role as people read it. The codes (`viewer`, `operator`, `admin`) stay in the API, the audit CSV and
 * the SSO role mapping; on screen the role is a word of the UI language.
 */
export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  viewer: msg({ message: 'viewer', comment: 'A role: may read reports and check values, not write' }),
  operator: msg({ message: 'operator', comment: 'A role: may book, migrate and register' }),
  admin: msg({
    message: 'admin',
    comment: 'A role: an operator who also manages accounts and reads the audit log',
  }),
};
