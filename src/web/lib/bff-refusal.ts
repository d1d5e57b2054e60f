import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod/mini';
import type { BffRefusalCode, RefusalFigures } from '../../contract/bff-refusal-codes.ts';
import { formatMoney } from './format.ts';

/**
 * The console server's own refusals (`{detail, code}`, issue 43) in the UI language, by their code: the
 * English `detail` may be reworded without German staff noticing. The platform's answers carry no code
 * and are shown as sent (known-messages.ts).
 */

/** A refusal as the console reads it: any code (a newer server's too), the figures as they come. */
const codedRefusalSchema = z.catchall(
  z.object({
    detail: z.string(),
    code: z.string(),
    limit_bytes: z.optional(z.number()),
    retry_after_seconds: z.optional(z.number()),
    most: z.optional(z.number()),
    total_gross_cent: z.optional(z.number()),
    threshold_cent: z.optional(z.number()),
    window_sum_cent: z.optional(z.number()),
    input_id: z.optional(z.string()),
    contract_id: z.optional(z.string()),
    status: z.optional(z.string()),
    action: z.optional(z.string()),
    max_age_minutes: z.optional(z.number()),
  }),
  z.unknown(),
);
export type CodedRefusal = z.infer<typeof codedRefusalSchema> & RefusalFigures;

/** Words for codes, each a message of the UI language built from the refusal's figures. */
type Words = (refusal: CodedRefusal) => MessageDescriptor;
export type RefusalWords = Partial<Record<BffRefusalCode, Words>>;

/** A table's words for a code as it came (any string: a newer server's code finds none). */
const wordsIn = (table: RefusalWords, code: string): Words | undefined =>
  Object.hasOwn(table, code) ? (table as Readonly<Record<string, Words | undefined>>)[code] : undefined;

/** Whole minutes, at least one: "Try again in 2 minutes" for 61 to 120 seconds. */
export const minutesOf = (seconds: number | undefined) =>
  String(Math.max(1, Math.ceil((seconds ?? 60) / 60)));

const money = (cents: number | undefined) => formatMoney(cents ?? 0);

/** "The campaign is done: it cannot be paused now." — the status and the action in words of the UI language. */
function campaignCannot({ status, action }: CodedRefusal): MessageDescriptor {
  const now =
    status === 'running'
      ? msg`The campaign is running`
      : status === 'paused'
        ? msg`The campaign is paused`
        : status === 'cancelled'
          ? msg`The campaign has been cancelled`
          : msg`The campaign is done`;
  const state = i18n._(now);
  if (action === 'pause') return msg`${state}: it cannot be paused now.`;
  if (action === 'resume') return msg`${state}: it cannot be resumed now.`;
  return msg`${state}: it cannot be cancelled now.`;
}

/**
 * The refusals any page may meet. Those only one feature's pages show are in that feature's catalogue
 * (approval-answers.ts, passkey-answers.ts) and passed to `refusalText` by its pages.
 */
const COMMON_WORDS: RefusalWords = {
  address_invalid: () => msg`The address is not valid.`,
  address_too_long: () => msg`A part of the address is too long.`,
  not_a_path: () => msg`The address is not valid.`,
  null_in_address: () => msg`The address holds a character that is not allowed.`,
  csrf_header_missing: () => msg`The request was refused as not coming from the console. Reload the page.`,
  json_required: () => msg`The request was not sent as JSON.`,
  json_invalid: () => msg`The request is not valid JSON.`,
  body_too_large: ({ limit_bytes }) => {
    const megabytes = String(Math.round((limit_bytes ?? 0) / (1024 * 1024)) || 1);
    return msg`The request is larger than ${megabytes} MB.`;
  },
  not_found: () => msg`Not found.`,
  value_not_storable: () => msg`The request holds a value that cannot be stored.`,
  conflict_with_stored_data: () => msg`The request clashes with data already stored.`,
  database_unavailable: () =>
    msg`The console lost its database connection: nothing was saved. Try again shortly.`,
  server_failure: () => msg`Something went wrong in the console server.`,
  sign_in_required: () => msg`Sign in to continue.`,
  admin_only: () => msg`Only admins may do this.`,
  role_cannot_write: () => msg`Your role may not make this change: an operator or admin role is needed.`,
  account_changed: () => msg`Your account was changed by an admin: sign in again.`,
  must_change_password: () => msg`Choose a new password first: your password was reset.`,
  local_accounts_off: () => msg`Local accounts are turned off here: sign in with SSO.`,
  sso_owns_passwords: () =>
    msg`You sign in through your company’s sign-in service: your password is changed there, not here.`,
  sign_in_refused: () => msg`Wrong username or password.`,
  sign_in_throttled: ({ retry_after_seconds }) => {
    const minutes = minutesOf(retry_after_seconds);
    return msg`Too many failed sign-ins. Try again in ${minutes} minutes.`;
  },
  sign_ins_busy: () => msg`Too many sign-ins at once. Try again in a moment.`,
  password_attempts_throttled: ({ retry_after_seconds }) => {
    const minutes = minutesOf(retry_after_seconds);
    return msg`Too many wrong passwords. Try again in ${minutes} minutes.`;
  },
  no_such_account: () => msg`There is no such account.`,
  own_account_change: () => msg`You cannot disable your own account or take away your own admin role.`,
  own_password_reset: () => msg`Change your own password on Your account, not by a reset.`,
  last_admin: () =>
    msg`This is the last enabled admin account: make another account admin before this change.`,
  no_such_session: () => msg`There is no such session: it may have ended already.`,
  passkey_sign_in_refused: () =>
    msg`This passkey was not accepted. Sign in with your password, or try another passkey.`,
  passkey_sign_in_throttled: ({ retry_after_seconds }) => {
    const seconds = String(retry_after_seconds ?? 60);
    return msg`Too many passkey sign-ins from here. Try again in ${seconds} seconds.`;
  },
  no_such_record: () => msg`The console has no record with this number.`,
  audit_unavailable: () => msg`The console could not note this read in its audit log. Try again shortly.`,
  campaigns_need_operator_role: () => msg`Only operators and admins may run bulk campaigns.`,
  no_such_campaign: () => msg`There is no such campaign.`,
  campaign_state_conflict: campaignCannot,
  approvals_off: () => msg`Approvals are turned off here: book it directly.`,
  approval_required: ({ total_gross_cent, threshold_cent, window_sum_cent }) => {
    const total = money(total_gross_cent);
    const threshold = money(threshold_cent);
    if (!window_sum_cent)
      return msg`This books ${total} gross in all: from ${threshold} on, a second person must approve it.`;
    const together = money((total_gross_cent ?? 0) + window_sum_cent);
    return msg`This books ${total} gross; with this contract’s recent bookings sent without approval it reaches ${together}: from ${threshold} on, a second person must approve it.`;
  },
  below_approval_threshold: ({ total_gross_cent, threshold_cent }) => {
    const total = money(total_gross_cent);
    const threshold = money(threshold_cent);
    return msg`This books ${total} gross, below ${threshold}: book it directly, no approval is needed.`;
  },
  approval_already_waiting: ({ input_id = '', contract_id = '' }) =>
    msg`A request with input ID ${input_id} on contract ${contract_id} is already waiting for approval: withdraw it to change it.`,
  input_id_held_by_approval: ({ input_id = '' }) =>
    msg`The input ID ${input_id} belongs to an approval on this contract that is still open: use another input ID, or settle that approval first.`,
  platform_timeout: () => msg`The Energy Platform did not answer in time.`,
  platform_unreachable: () => msg`The Energy Platform cannot be reached.`,
  platform_answer_broken: () => msg`The Energy Platform sent a broken answer.`,
  platform_connection_broke: () => msg`The connection to the Energy Platform broke before it answered.`,
  platform_no_token: () => msg`The Energy Platform did not issue an access token; try again shortly.`,
  platform_credentials_refused: () =>
    msg`The Energy Platform refused the console’s own credentials (not yours): tell the console’s administrator.`,
  platform_answer_too_large: () => msg`The Energy Platform’s answer is larger than the console accepts.`,
  platform_answer_not_json: () => msg`The Energy Platform answered with something other than JSON.`,
  // Shared report links (issue 46); the link's own page words its readers' refusals itself.
  shared_reports_need_operator_role: () =>
    msg`Only operators and admins may share reports outside the console.`,
  no_such_shared_report: () => msg`There is no such link.`,
  shared_report_revoked: () => msg`This link was revoked.`,
  shared_report_expired: () => msg`This link has expired.`,
  shared_report_throttled: () => msg`This link was opened too often; try again shortly.`,
};

/** The codes with words in the first catalogue (a test checks every code has words somewhere). */
export const COMMON_REFUSAL_CODES = Object.keys(COMMON_WORDS);

/** The body as a refusal of the console server, or null (the platform's answers, field errors). */
export function codedRefusal(body: unknown): CodedRefusal | null {
  const parsed = codedRefusalSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/**
 * A refusal of the console server in the UI language: by its code (`featureWords` first, for the codes only
 * a feature's pages show); English, and a code this console does not know (a newer server's), as sent.
 * Undefined for a body that is not such a refusal.
 */
export function refusalText(body: unknown, featureWords: RefusalWords = {}): string | undefined {
  const refusal = codedRefusal(body);
  if (!refusal) return undefined;
  // The server's English is the console's English; reworded, it is reworded for English staff alone.
  if (i18n.locale === 'en') return refusal.detail;
  const words = wordsIn(featureWords, refusal.code) ?? wordsIn(COMMON_WORDS, refusal.code);
  return words ? i18n._(words(refusal)) : refusal.detail;
}
