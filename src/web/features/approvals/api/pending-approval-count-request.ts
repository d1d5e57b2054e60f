import { z } from 'zod/mini';
import { pageSchema } from '../../../../contract/api/common.ts';
import { requestOk } from '../../../lib/api-client.ts';

/**
 * The list's envelope with its entries unread: the navigation needs the count only, and the approval's
 * schema (with the charge rules it reads) is the approval pages' to load.
 */
const countOnlySchema = pageSchema(z.unknown());

/** How many requests wait for a decision: the list's `count` of pending ones (one entry fetched). */
export const getPendingApprovalCount = async (signal?: AbortSignal) =>
  (
    await requestOk('get', '/bff/approvals', {
      searchParams: { status: 'pending', limit: '1' },
      schema: countOnlySchema,
      ...(signal ? { signal } : {}),
    })
  ).count;
