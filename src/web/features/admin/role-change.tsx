import { t } from '@lingui/core/macro';
import type { Role } from '../../../contract/bff-api.ts';
import { ConfirmQuestion } from '../../components/confirm-question.tsx';

/** A role change an admin chose in an account's row, waiting for their confirmation. */
export interface AskedRoleChange {
  username: string;
  from: Role;
  to: Role;
}

/**
 * Asks before a role changes (issue 42: the dropdown's change used to apply at once, without a word): who, from
 * what to what, and that their sessions get the new rights at once.
 */
export function ConfirmRoleChange({
  asked,
  roleWords,
  pending,
  problem,
  onConfirm,
  onCancel,
}: {
  asked: AskedRoleChange;
  roleWords: Record<Role, string>;
  pending: boolean;
  problem: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { username } = asked;
  const from = roleWords[asked.from];
  const to = roleWords[asked.to];
  return (
    <ConfirmQuestion
      testId="confirm-role-change"
      question={t`Change the role of ${username} from ${from} to ${to}? Their sessions get the new rights at once.`}
      confirm={t`Change role`}
      pending={pending}
      problem={problem}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
