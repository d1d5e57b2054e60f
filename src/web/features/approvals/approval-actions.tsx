import { t } from '@lingui/core/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import {
  approveRequestSchema,
  REJECT_REASON_MAX_LENGTH,
  rejectRequestSchema,
  STEP_UP_PASSWORD_MESSAGES,
  stepUpRequiredSchema,
  type Approval,
  type RejectRequest,
} from '../../../contract/approvals.ts';
import { SSO_USERNAME_PREFIX } from '../../../contract/bff-api.ts';
import { FormField } from '../../components/form-field.tsx';
import { describeFailure, SignedOutError, type ApiAnswer } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { useApproveApproval } from './api/approve-approval.ts';
import { useRejectApproval } from './api/reject-approval.ts';
import { useRetryApproval } from './api/retry-approval.ts';
import { useWithdrawApproval } from './api/withdraw-approval.ts';
import { refusalText as codedRefusalText } from '../../lib/bff-refusal.ts';
import { consoleMessage } from '../../lib/known-messages.ts';
import { APPROVAL_REFUSAL_WORDS, passwordFieldMessage, rejectReasonMessage } from './approval-answers.ts';
import { cannotApproveSentence } from './approver-reason.ts';

/** The BFF's refusal in the UI language: `{detail, code}` (by its code) or field errors. */
const refusalText = (answer: ApiAnswer<unknown>) =>
  describeFailure(answer.status, answer.body, consoleMessage, APPROVAL_REFUSAL_WORDS);

/** The first message of a field in a `400 {field: [message]}` answer. */
function fieldMessage(body: unknown, field: string): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const messages: unknown = Object.entries(body).find(([name]) => name === field)?.[1];
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
}

/**
 * A call whose answer never arrived may still have been carried out (an approval may have booked): the
 * request is fetched afresh (the decision hooks invalidate it) and its status is what counts.
 */
function lostAnswerText(error: unknown): string | null {
  if (error instanceof SignedOutError) return null;
  return t`The answer did not arrive. The request's status is fetched again: check it before deciding again.`;
}

/** Says why an action was refused, where it stays readable after the request's new state replaces the form. */
type Report = (problem: string | null) => void;

/** What the signed-in person may do with the request now. */
export function ApprovalActions({ approval, report }: { approval: Approval; report: Report }) {
  const user = useCurrentUser();
  if (approval.status === 'unknown') return <RetryAction approval={approval} report={report} />;
  if (approval.status !== 'pending') return null;
  // The server's judgement for this viewer (linked accounts, a newer account); it refuses the approval anyway.
  const blocked =
    approval.cannot_approve_reason && approval.cannot_approve_reason !== 'own_request'
      ? approval.cannot_approve_reason
      : null;
  if (approval.requested_by === user.username)
    return (
      <section className="card" aria-labelledby="decision-heading">
        <h2 id="decision-heading">{t`Your request`}</h2>
        <p className="notice" data-testid="own-request">
          {t`You asked for this: a second person must approve it.`}
        </p>
        <WithdrawAction approval={approval} report={report} />
      </section>
    );
  return (
    <section className="card" aria-labelledby="decision-heading">
      <h2 id="decision-heading">{t`Your decision`}</h2>
      {blocked && (
        <p className="notice" id={`${approval.id}-cannot-approve`} data-testid="cannot-approve">
          {cannotApproveSentence(blocked)}
        </p>
      )}
      <ApproveForm
        blocked={blocked !== null}
        approval={approval}
        sso={user.username.startsWith(SSO_USERNAME_PREFIX)}
        passkey={user.authenticatedWith === 'passkey'}
        report={report}
      />
      <RejectForm approval={approval} report={report} />
    </section>
  );
}

/**
 * The approve form's one field, by the contract's step-up schema: a local account without a fresh passkey
 * sign-in must enter its password (the server refuses its absence with the same message).
 */
const approveFormSchema = (passwordRequired: boolean) =>
  z.pick(approveRequestSchema, { password: true }).check(
    z.superRefine(({ password }, context) => {
      if (passwordRequired && !password)
        context.addIssue({ code: 'custom', path: ['password'], message: STEP_UP_PASSWORD_MESSAGES.missing });
    }),
  );
type ApproveFormValues = z.input<ReturnType<typeof approveFormSchema>>;

function ApproveForm({
  approval,
  blocked,
  sso,
  passkey,
  report,
}: {
  approval: Approval;
  /** This person cannot approve it (the notice above says why): the button stays, disabled. */
  blocked: boolean;
  sso: boolean;
  /** Signed in with a passkey: within five minutes of it the server approves without a password. */
  passkey: boolean;
  report: Report;
}) {
  const id = useId();
  const approve = useApproveApproval(approval.id);
  const resolver = useMemo(() => zodResolver(approveFormSchema(!sso && !passkey)), [sso, passkey]);
  const form = useForm<ApproveFormValues>({ resolver, defaultValues: { password: '' } });
  const passwordError = form.formState.errors.password?.message;
  const [stepUp, setStepUp] = useState<{ detail: string; url: string } | null>(null);

  const submit = async ({ password }: ApproveFormValues) => {
    let answer: ApiAnswer<unknown>;
    try {
      answer = await approve.mutateAsync({
        ...(sso || !password ? {} : { password }),
        digest: approval.digest,
      });
    } catch (error) {
      report(lostAnswerText(error));
      return;
    }
    if (answer.status === 200) return;
    const wrongPassword = answer.status === 400 ? fieldMessage(answer.body, 'password') : undefined;
    const reauthenticate = answer.status === 401 ? stepUpRequiredSchema.safeParse(answer.body) : null;
    if (wrongPassword) {
      form.setValue('password', '');
      form.setError('password', { message: wrongPassword }, { shouldFocus: true });
    } else if (reauthenticate?.success)
      setStepUp({
        detail: codedRefusalText(reauthenticate.data, APPROVAL_REFUSAL_WORDS) ?? reauthenticate.data.detail,
        url: reauthenticate.data.reauthenticate_url,
      });
    else report(refusalText(answer));
  };

  return (
    <form
      noValidate
      className="approval-form"
      aria-label={t`Approve`}
      onSubmit={(event) => {
        if (approve.isPending || blocked) {
          event.preventDefault();
          return;
        }
        report(null);
        setStepUp(null);
        void form.handleSubmit(submit)(event);
      }}
    >
      <p>
        {approval.campaign
          ? t`Approving starts the campaign: every row of the file is sent to the platform.`
          : t`Approving sends exactly the request above to the platform: it is booked at once.`}
      </p>
      {sso ? (
        <p className="hint">{t`Approving needs a sign-in at your company's sign-in service within the last five minutes.`}</p>
      ) : (
        <FormField
          id={`${id}-password`}
          label={t`Your password`}
          hint={
            passkey
              ? t`Not needed within five minutes of signing in with a passkey; after that, enter it again to confirm that it is you who approves.`
              : t`Entered again to confirm that it is you who approves.`
          }
          error={passwordError && passwordFieldMessage(passwordError)}
        >
          {(aria) => (
            <input {...aria} type="password" autoComplete="current-password" {...form.register('password')} />
          )}
        </FormField>
      )}
      {stepUp && (
        <div className="notice" role="alert" data-testid="step-up">
          <p>{stepUp.detail}</p>
          <p>
            <a href={stepUp.url}>{t`Sign in again at your company's sign-in service`}</a>
          </p>
        </div>
      )}
      <div className="form-actions">
        <button
          type="submit"
          className="button"
          disabled={approve.isPending || blocked}
          {...(blocked && { 'aria-describedby': `${approval.id}-cannot-approve` })}
        >
          {approve.isPending ? t`Approving…` : approval.campaign ? t`Approve and start` : t`Approve and book`}
        </button>
      </div>
    </form>
  );
}

type RejectFormValues = z.input<typeof rejectRequestSchema>;

function RejectForm({ approval, report }: { approval: Approval; report: Report }) {
  const id = useId();
  const reject = useRejectApproval(approval.id);
  const form = useForm<RejectFormValues, unknown, RejectRequest>({
    resolver: zodResolver(rejectRequestSchema),
    defaultValues: { reason: '' },
  });
  const reasonError = form.formState.errors.reason?.message;

  const submit = async (body: RejectRequest) => {
    let answer: ApiAnswer<unknown>;
    try {
      answer = await reject.mutateAsync(body);
    } catch (error) {
      report(lostAnswerText(error));
      return;
    }
    if (answer.status === 200) return;
    const reasonRefusal = answer.status === 400 ? fieldMessage(answer.body, 'reason') : undefined;
    if (reasonRefusal) form.setError('reason', { message: reasonRefusal });
    else report(refusalText(answer));
  };

  return (
    <form
      noValidate
      className="approval-form"
      aria-label={t`Reject`}
      onSubmit={(event) => {
        if (reject.isPending) {
          event.preventDefault();
          return;
        }
        report(null);
        void form.handleSubmit(submit)(event);
      }}
    >
      <FormField
        id={`${id}-reason`}
        label={t`Reason for rejecting`}
        hint={t`The requester reads it. Nothing is booked.`}
        error={reasonError && rejectReasonMessage(reasonError)}
      >
        {(aria) => (
          <textarea {...aria} rows={3} maxLength={REJECT_REASON_MAX_LENGTH} {...form.register('reason')} />
        )}
      </FormField>
      <div className="form-actions">
        <button type="submit" className="button button--secondary" disabled={reject.isPending}>
          {reject.isPending ? t`Rejecting…` : t`Reject`}
        </button>
      </div>
    </form>
  );
}

/** One button and what came of it: the requester's withdrawal, the safe retry of a lost answer. */
function ActionButton({
  label,
  busy,
  run,
  report,
}: {
  label: string;
  busy: string;
  run: () => Promise<ApiAnswer<unknown>>;
  report: Report;
}) {
  const [pending, setPending] = useState(false);
  const click = async () => {
    if (pending) return;
    setPending(true);
    report(null);
    try {
      const answer = await run();
      if (answer.status !== 200) report(refusalText(answer));
    } catch (error) {
      report(lostAnswerText(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <div className="form-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={pending}
          onClick={() => void click()}
        >
          {pending ? busy : label}
        </button>
      </div>
    </>
  );
}

function WithdrawAction({ approval, report }: { approval: Approval; report: Report }) {
  const withdraw = useWithdrawApproval(approval.id);
  return (
    <ActionButton
      label={t`Withdraw the request`}
      busy={t`Withdrawing…`}
      run={() => withdraw.mutateAsync()}
      report={report}
    />
  );
}

function RetryAction({ approval, report }: { approval: Approval; report: Report }) {
  const retry = useRetryApproval(approval.id);
  return (
    <section className="card" aria-labelledby="retry-heading">
      <h2 id="retry-heading">{t`Check the booking`}</h2>
      <ActionButton
        label={t`Check and retry safely`}
        busy={t`Checking…`}
        run={() => retry.mutateAsync()}
        report={report}
      />
    </section>
  );
}
