import { z } from 'zod/mini';

/**
 * Every refusal the BFF itself makes answers `{detail, code}` (issue 43): `detail` is an English sentence
 * for people and logs and may be reworded; `code` is the stable word the console translates by. A code,
 * once shipped, keeps its meaning; a new refusal gets a new code. The platform's own answers relayed under
 * `/api` carry no `code`: they pass as the platform sent them.
 */
export const BFF_REFUSAL_CODES = [
  // Any route: the request itself.
  'address_invalid',
  'address_too_long',
  'not_a_path',
  'null_in_address',
  'csrf_header_missing',
  'json_required',
  'json_invalid',
  'body_too_large',
  'not_found',
  'request_refused',
  'value_not_storable',
  'conflict_with_stored_data',
  'database_unavailable',
  'server_failure',
  // Sessions, roles and accounts.
  'sign_in_required',
  'admin_only',
  'role_cannot_write',
  'account_changed',
  'must_change_password',
  'local_accounts_off',
  'sso_owns_passwords',
  'sign_in_refused',
  'sign_in_throttled',
  'sign_ins_busy',
  'password_attempts_throttled',
  'no_such_account',
  'own_account_change',
  'own_password_reset',
  'last_admin',
  'no_such_session',
  // Passkeys.
  'passkeys_for_sso_accounts',
  'passkeys_need_host_name',
  'passkey_password_required',
  'passkey_password_wrong',
  'passkey_limit_reached',
  'passkey_not_verified',
  'passkey_registered_already',
  'no_such_passkey',
  'passkey_sign_in_refused',
  'passkey_sign_in_throttled',
  // Records and audit.
  'no_such_record',
  'audit_unavailable',
  // Bulk campaigns.
  'campaigns_need_operator_role',
  'no_such_campaign',
  'campaign_state_conflict',
  // Approvals (four eyes).
  'approvals_need_operator_role',
  'approvals_off',
  'approval_required',
  'below_approval_threshold',
  'approval_already_waiting',
  'input_id_held_by_approval',
  'no_such_approval',
  'approval_has_no_rows',
  'approval_not_pending',
  'approval_expired',
  'approval_not_retryable',
  'approval_changed',
  'own_request_cannot_approve',
  'approver_linked',
  'approver_newer_than_request',
  'own_request_cannot_reject',
  'only_requester_withdraws',
  'step_up_required',
  'approval_request_altered',
  'approval_signature_lost',
  'approval_not_recorded',
  // Shared report links (issue 46).
  'shared_reports_need_operator_role',
  'no_such_shared_report',
  'shared_report_revoked',
  'shared_report_expired',
  'shared_report_throttled',
  // The platform, as the BFF met it (its own answers pass through with no code).
  'platform_timeout',
  'platform_unreachable',
  'platform_answer_broken',
  'platform_connection_broke',
  'platform_no_token',
  'platform_credentials_refused',
  'platform_answer_too_large',
  'platform_answer_not_json',
] as const;

export const bffRefusalCodeSchema = z.enum(BFF_REFUSAL_CODES);
export type BffRefusalCode = z.infer<typeof bffRefusalCodeSchema>;

/** Figures a refusal's words need, beside `detail` (the console words them in the UI language). */
export const refusalFiguresSchema = z.object({
  limit_bytes: z.optional(z.int()),
  retry_after_seconds: z.optional(z.int()),
  most: z.optional(z.int()),
  total_gross_cent: z.optional(z.int()),
  threshold_cent: z.optional(z.int()),
  window_sum_cent: z.optional(z.int()),
  window_hours: z.optional(z.number()),
  input_id: z.optional(z.string()),
  contract_id: z.optional(z.string()),
  status: z.optional(z.string()),
  action: z.optional(z.string()),
  max_age_minutes: z.optional(z.int()),
  media_type: z.optional(z.string()),
});
export type RefusalFigures = z.infer<typeof refusalFiguresSchema>;

/** The body of a BFF refusal: `{detail, code}` and the figures its code's words need. */
export const bffRefusalSchema = z
  .extend(refusalFiguresSchema, { detail: z.string(), code: bffRefusalCodeSchema })
  .clone()
  .register(z.globalRegistry, { id: 'BffRefusal' });
export type BffRefusal = z.infer<typeof bffRefusalSchema>;

/** A refusal's body: `refusal('no_such_account', 'No such account.')`. */
export function refusal(code: BffRefusalCode, detail: string, figures: RefusalFigures = {}): BffRefusal {
  return { detail, code, ...figures };
}

/** Whether a body is a BFF refusal with a code this build knows. */
export function isBffRefusal(body: unknown): body is BffRefusal {
  return bffRefusalSchema.safeParse(body).success;
}
