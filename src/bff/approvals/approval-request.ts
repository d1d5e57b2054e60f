import { randomUUID } from 'node:crypto';
import { chargeRequestSchema } from '../../contract/api/charges.ts';
import { toFieldErrors } from '../../contract/field-errors.ts';
import type { FieldErrors as FieldErrorsShape } from '../../contract/api/common.ts';
import { refusal, type BffRefusal } from '../../contract/bff-refusal-codes.ts';
import { formatCents } from '../../contract/euro-amount.ts';
import { chargeRequestTotals, needsApproval, type WindowBooking } from '../../contract/approvals.ts';
import type { ChargeTotal } from '../../contract/charge-schedule.ts';
import { isRecord } from '../../contract/is-record.ts';
import { parsePlatformJson } from '../../node-shared/json-depth.ts';
import type { CampaignSummary } from '../db/schema.ts';
import { EventLoopTurns, nextTurn } from '../event-loop-turns.ts';
import type { Session } from '../sessions/session-store.ts';
import { requestDigest, rowsDigest } from './approval-digest.ts';
import type { NewApproval } from './approval-repository.ts';
import type { WindowTotal } from './approval-window.ts';
import { duplicateMemberName, unknownMembers } from './strict-json.ts';

/** At most this many of a campaign's contracts are listed to the approver (all are counted). */
const LISTED_CONTRACTS = 200;

/** Why a charges-and-credits body may not go on as it is: its answer, never forwarded. */
export type GateRefusal =
  { status: 400; body: FieldErrorsShape | BffRefusal } | { status: 409 | 428; body: BffRefusal };

export type ChargeTotals = NonNullable<ReturnType<typeof chargeRequestTotals>>;

/**
 * The BFF's own reading of a charges-and-credits body sent to `/api`: one the contract's schema refuses is
 * answered here in the platform's words (nothing the BFF cannot total is forwarded), and so is one with a
 * member twice or a member the contract does not know (the platform's parser could read another amount than
 * the BFF totalled: the raw bytes are forwarded); one whose own gross total over all executions is at or
 * above the threshold is a 428: it goes through `POST /bff/approvals`. Else its totals, for the money path's
 * gate (platform/charge-gate.ts: the open approvals' `input_id`s and the window's sum).
 */
export function judgeCharge(
  bodyText: string,
  approvalFromCent: number,
): { refusal: GateRefusal } | { totals: ChargeTotals } {
  const json = parsePlatformJson(bodyText);
  if ('detail' in json) return { refusal: { status: 400, body: refusal('json_invalid', json.detail) } };
  const body = json.value;
  const parsed = chargeRequestSchema.safeParse(body);
  if (!parsed.success) return { refusal: { status: 400, body: toFieldErrors(parsed.error, body) } };
  const twice = duplicateMemberName(bodyText);
  if (twice !== null)
    return {
      refusal: {
        status: 400,
        body: { [twice]: [`${twice} is given more than once: send each field once.`] },
      },
    };
  const unknown = isRecord(body) ? unknownMembers(body, parsed.data) : [];
  if (unknown.length > 0)
    return {
      refusal: {
        status: 400,
        body: Object.fromEntries(
          unknown
            .slice(0, 20)
            .map((name) => [name.slice(0, 100), ['This field is not part of a charge or credit.']]),
        ),
      },
    };
  const totals = chargeRequestTotals(parsed.data)!;
  if (needsApproval(totals.totalGrossCent, approvalFromCent))
    return {
      refusal: {
        status: 428,
        body: refusal(
          'approval_required',
          `This books ${formatCents(totals.totalGrossCent, 'en')} gross in all: from ${formatCents(approvalFromCent, 'en')} on, a second person approves it. Send it to POST /bff/approvals.`,
          { total_gross_cent: totals.totalGrossCent, threshold_cent: approvalFromCent },
        ),
      },
    };
  return { totals };
}

const requester = (session: Session) => ({
  requestedBy: session.username,
  requestedByDisplayName: session.displayName,
});

/** A single charge or credit to approve: its exact text (what will be sent), digest and totals. */
export function chargeApproval(
  request: { path: string; userId: string; contractId: string },
  totals: ChargeTotals,
  session: Session,
  window: WindowTotal | null,
): NewApproval {
  // What the contract's schema read, and only that: a key the BFF did not total is never stored or sent.
  const bodyText = JSON.stringify(totals.charge);
  return {
    id: randomUUID(),
    kind: 'charge',
    method: 'POST',
    path: request.path,
    bodyText,
    digest: requestDigest('POST', request.path, bodyText),
    userId: request.userId,
    contractId: request.contractId,
    inputId: totals.charge.input_id,
    campaignId: null,
    totalGrossCent: totals.totalGrossCent,
    totals: totals.totals,
    windowBookings: window?.bookings ?? [],
    ...requester(session),
  };
}

interface CampaignRowForApproval {
  row: number;
  userId: string;
  contractId?: string | null | undefined;
  body: Record<string, unknown>;
  status: string;
}

/** A contract a campaign books on, with the gross total of its rows there. */
export interface ContractGross {
  userId: string;
  contractId: string;
  grossCent: number;
}

/**
 * Totals and gross sum of the rows a charges campaign will send (invalid and skipped rows never are), and the gross
 * total per contract (each is judged with its window, ApprovalWindow). Row by row, giving the event loop back every
 * few milliseconds (a row of 600 monthly executions takes up to 5 ms; 25 rows at a time held it 112 ms): only one row's schedule is held at a time (10,000 rows of 600 executions held at once
 * were 6 million objects, a gigabyte, and seconds in which the replica answered nothing, not even `/healthz`).
 */
export async function campaignTotals(rows: readonly CampaignRowForApproval[]) {
  const byContract = new Map<string, ContractGross>();
  const byTypeAndRate = new Map<string, ChargeTotal>();
  const turns = new EventLoopTurns();
  for (const row of rows) {
    await turns.take();
    // Only rows to send: invalid ones never are, nor those booked before (skipped, issue 42).
    if (row.status !== 'pending') continue;
    const charge = chargeRequestTotals(row.body);
    if (!charge) continue;
    const contractId = row.contractId ?? '';
    const key = JSON.stringify([row.userId, contractId]);
    const contract = byContract.get(key) ?? { userId: row.userId, contractId, grossCent: 0 };
    contract.grossCent += charge.totalGrossCent;
    byContract.set(key, contract);
    for (const rowTotal of charge.totals) {
      const totalKey = `${rowTotal.type}:${rowTotal.ratePercent}`;
      const total = byTypeAndRate.get(totalKey) ?? {
        ...rowTotal,
        executions: 0,
        netCent: 0,
        vatCent: 0,
        grossCent: 0,
      };
      total.executions += rowTotal.executions;
      total.netCent += rowTotal.netCent;
      total.vatCent += rowTotal.vatCent;
      total.grossCent += rowTotal.grossCent;
      byTypeAndRate.set(totalKey, total);
    }
  }
  // In sumChargeTotals' order: by type, then the higher rate first.
  const totals = [...byTypeAndRate.values()].sort(
    (a, b) => a.type.localeCompare(b.type) || b.ratePercent - a.ratePercent,
  );
  return {
    totals,
    totalGrossCent: totals.reduce((sum, total) => sum + total.grossCent, 0),
    byContract: [...byContract.values()],
  };
}

export type CampaignTotals = Awaited<ReturnType<typeof campaignTotals>>;

/** A campaign's rows for its digest, 500 at a time with the event loop given back between them. */
async function* digestSlices(rows: readonly CampaignRowForApproval[]) {
  for (let start = 0; start < rows.length; start += 500) {
    if (start > 0) await nextTurn();
    yield rows.slice(start, start + 500).map((row) => ({ ...row, contractId: row.contractId ?? null }));
  }
}

/**
 * A bulk charges campaign to approve: its rows as one digest (the approval covers exactly them), its
 * totals per type and VAT rate, and the contracts it books on.
 */
export async function campaignApproval(
  campaign: { id: string; fileName: string },
  rows: readonly CampaignRowForApproval[],
  totals: CampaignTotals,
  session: Session,
  windowBookings: WindowBooking[],
): Promise<NewApproval> {
  const inOrder = [...rows].sort((a, b) => a.row - b.row);
  const contracts = new Map<string, { userId: string; contractId: string }>();
  for (const row of inOrder)
    if (row.status !== 'invalid' && row.contractId)
      contracts.set(JSON.stringify([row.userId, row.contractId]), {
        userId: row.userId,
        contractId: row.contractId,
      });
  const summary: CampaignSummary = {
    fileName: campaign.fileName,
    rows: rows.length,
    contracts: [...contracts.values()].slice(0, LISTED_CONTRACTS),
    contractCount: contracts.size,
  };
  const path = `/bff/bulk/campaigns/${campaign.id}`;
  const bodyText = JSON.stringify({
    campaign: campaign.id,
    file_name: campaign.fileName,
    rows: rows.length,
    rows_sha256: await rowsDigest(digestSlices(inOrder)),
  });
  const first = inOrder.find((row) => row.status !== 'invalid');
  return {
    id: randomUUID(),
    kind: 'bulk_charges',
    method: 'POST',
    path,
    bodyText,
    digest: requestDigest('POST', path, bodyText),
    userId: first?.userId ?? '',
    contractId: null,
    inputId: null,
    campaignId: campaign.id,
    totalGrossCent: totals.totalGrossCent,
    totals: totals.totals,
    campaignSummary: summary,
    windowBookings,
    ...requester(session),
  };
}
