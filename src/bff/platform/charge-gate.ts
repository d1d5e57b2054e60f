import type { ApprovalRepository } from '../approvals/approval-repository.ts';
import type { ApprovalWindow, WindowTotal } from '../approvals/approval-window.ts';
import type { BffDatabase } from '../db/connect.ts';

/** The contract and `input_id` of a charge or credit about to be sent without approval. */
export interface GatedCharge {
  userId: string;
  contractId: string;
  inputId: string | null;
}

/** Recorded (its record's value), or why not: an open approval holds its `input_id`, or the window reaches the threshold. */
export type ChargeAdmission<T> =
  | { admitted: true; value: T }
  | { admitted: false; heldBy: { id: string } }
  | { admitted: false; window: WindowTotal };

/**
 * The money path's rules for a charge or credit sent without a second person, once for single bookings
 * (`/api`) and bulk rows: not while an open approval holds its `input_id`; and only while its gross total with
 * its contract's bookings sent without approval in the window stays below the threshold — judged and recorded
 * in one transaction under the contract's lock, so writes racing on one contract are judged one after the
 * other (issue 41). `record` writes the write's record; it runs only when the charge may go. Each caller words
 * a refusal its own way (an HTTP refusal with its code, a bulk row's outcome).
 */
export async function admitCharge<T>(
  rules: { approvals: ApprovalRepository; window: ApprovalWindow },
  charge: GatedCharge,
  grossCent: number,
  record: (db: BffDatabase) => Promise<T>,
): Promise<ChargeAdmission<T>> {
  if (charge.inputId) {
    const open = await rules.approvals.openFor(charge.userId, charge.contractId, charge.inputId);
    if (open) return { admitted: false, heldBy: { id: open.id } };
  }
  return rules.window.admit(charge, grossCent, record);
}
