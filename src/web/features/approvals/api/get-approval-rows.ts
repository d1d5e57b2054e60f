import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { approvalRowsPageSchema } from '../../../../contract/approvals.ts';
import { approvalKeys } from '../../../lib/approval-keys.ts';
import { requestOk } from '../../../lib/api-client.ts';

/** Rows of a bulk campaign's approval per page. */
export const APPROVAL_ROWS_PAGE = 50;

/** A page of a bulk campaign's rows as its approver sees them (issue 42); the previous page stays while paging. */
export const useApprovalRows = (id: string, offset: number) =>
  useQuery({
    queryKey: [...approvalKeys.detail(id), 'rows', offset],
    queryFn: ({ signal }) =>
      requestOk(
        'get',
        `/bff/approvals/${encodeURIComponent(id)}/rows?offset=${offset}&limit=${APPROVAL_ROWS_PAGE}`,
        { schema: approvalRowsPageSchema, signal },
      ),
    placeholderData: keepPreviousData,
  });
