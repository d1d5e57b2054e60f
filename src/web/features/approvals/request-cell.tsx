import { Link } from '@tanstack/react-router';
import type { Approval } from '../../../contract/approvals.ts';
import { approvalSubject } from './approval-text.ts';

/** A request's first cell in a list of requests: what it asks for, linked to its page. */
export function RequestCell({ approval, locale }: { approval: Approval; locale: string }) {
  return (
    <td>
      <Link to="/approvals/$id" params={{ id: approval.id }}>
        {approvalSubject(approval, locale)}
      </Link>
    </td>
  );
}
