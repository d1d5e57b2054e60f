// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REJECT_REASON_MAX_LENGTH,
  REJECT_REASON_MESSAGES,
  STEP_UP_PASSWORD_MESSAGES,
  type Approval,
  type ApproveRequest,
  type RejectRequest,
} from '../../../contract/approvals.ts';
import type { SessionUser } from '../../../contract/bff-api.ts';
import { messages as approvalsGerman } from './locales/de.po';
import { messages as approvalsEnglish } from './locales/en.po';
import { pendingCharge } from '../../testing/pending-charge.ts';
import type { ApiAnswer } from '../../lib/api-client.ts';
import type * as ApproveRequests from './api/approve-approval.ts';
import type * as RejectRequests from './api/reject-approval.ts';

// The signed-in person is the test's to give (the console route puts it in the router's context).
const bert: SessionUser = {
  username: 'bert',
  role: 'operator',
  environment: 'sandbox',
  confirmFromCent: 50_000,
  approvalFromCent: 100_000,
};
vi.mock('../../lib/session/use-current-user.ts', () => ({ useCurrentUser: () => bert }));
// The server's answers are the test's to give; the forms, their schemas and texts are the real code.
const requests = vi.hoisted(() => ({
  approve: vi.fn<(body: ApproveRequest) => Promise<ApiAnswer<unknown>>>(),
  reject: vi.fn<(body: RejectRequest) => Promise<ApiAnswer<unknown>>>(),
}));
vi.mock('./api/approve-approval.ts', async (original) => {
  const real = await original<typeof ApproveRequests>();
  const { useMutation } = await import('@tanstack/react-query');
  return { ...real, useApproveApproval: () => useMutation({ mutationFn: requests.approve }) };
});
vi.mock('./api/reject-approval.ts', async (original) => {
  const real = await original<typeof RejectRequests>();
  const { useMutation } = await import('@tanstack/react-query');
  return { ...real, useRejectApproval: () => useMutation({ mutationFn: requests.reject }) };
});
const { ApprovalActions } = await import('./approval-actions.tsx');
const { cannotApproveNote } = await import('./approver-reason.ts');

afterEach(cleanup);
afterEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: approvalsEnglish });
});

beforeEach(() => {
  requests.approve.mockReset();
  requests.reject.mockReset();
});

function renderActions(approval: Approval, locale: 'en' | 'de' = 'en', report = vi.fn()) {
  i18n.loadAndActivate({ locale, messages: locale === 'de' ? approvalsGerman : approvalsEnglish });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <ApprovalActions approval={approval} report={report} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const approveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Approve and book' });

describe('who may approve a request, as the page shows it', () => {
  it('a linked account sees why it cannot approve, and the approve button is disabled with that reason', () => {
    renderActions(pendingCharge({ cannot_approve_reason: 'linked_account' }));
    const notice = screen.getByTestId('cannot-approve');
    expect(notice.textContent).toMatch(
      /your account and the requester's are linked .*Another person must approve it/,
    );
    expect(approveButton().disabled).toBe(true);
    expect(approveButton().getAttribute('aria-describedby')).toBe(notice.id);
    // Rejecting stays open to them.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Reject' }).disabled).toBe(false);
  });

  it('says it in German too', () => {
    renderActions(pendingCharge({ cannot_approve_reason: 'account_newer' }), 'de');
    expect(screen.getByTestId('cannot-approve').textContent).toBe(
      'Sie können das nicht freigeben: Ihr Konto wurde nach der Anfrage angelegt. Eine andere Person muss es freigeben.',
    );
  });

  it('anyone else may approve: no notice, the button works', () => {
    renderActions(pendingCharge({ cannot_approve_reason: null }));
    expect(screen.queryByTestId('cannot-approve')).toBeNull();
    expect(approveButton().disabled).toBe(false);
  });

  it('the list’s note names each reason in English and German', () => {
    i18n.loadAndActivate({ locale: 'en', messages: approvalsEnglish });
    expect(cannotApproveNote('linked_account')).toBe(
      "Not by you: your account is linked with the requester's.",
    );
    i18n.loadAndActivate({ locale: 'de', messages: approvalsGerman });
    expect(cannotApproveNote('linked_account')).toBe(
      'Nicht durch Sie: Ihr Konto ist mit dem der anfragenden Person verknüpft.',
    );
    expect(cannotApproveNote('account_newer')).toBe('Nicht durch Sie: Ihr Konto ist jünger als die Anfrage.');
  });
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const refused = (status: number, body: unknown): ApiAnswer<unknown> => ({ status, body });

describe('the approve form', () => {
  it('asks for the password before sending anything, on the field, which gets the focus', async () => {
    renderActions(pendingCharge());
    await press('Approve and book');
    expect(await screen.findByText('Enter your password to approve.')).toBeTruthy();
    expect(screen.getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Your password'));
    expect(requests.approve).not.toHaveBeenCalled();
  });

  it('sends the password with the digest the approver saw', async () => {
    requests.approve.mockResolvedValue({ status: 200, body: pendingCharge({ status: 'approved' }) });
    const approval = pendingCharge();
    renderActions(approval);
    type('Your password', 'second-pair-of-eyes');
    await press('Approve and book');
    await waitFor(() => expect(requests.approve).toHaveBeenCalledTimes(1));
    expect(requests.approve.mock.calls[0]![0]).toEqual({
      password: 'second-pair-of-eyes',
      digest: approval.digest,
    });
  });

  it('shows a wrong password under the field, empties and focuses it', async () => {
    requests.approve.mockResolvedValue(refused(400, { password: [STEP_UP_PASSWORD_MESSAGES.wrong] }));
    renderActions(pendingCharge());
    type('Your password', 'not-my-password');
    await press('Approve and book');
    expect(await screen.findByText('This is not your password.')).toBeTruthy();
    const password = screen.getByLabelText<HTMLInputElement>('Your password');
    expect(password.value).toBe('');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
  });

  it('reports any other refusal of the server for the page to show', async () => {
    requests.approve.mockResolvedValue(
      refused(403, {
        detail: 'You asked for this: a second person must approve it (admins too).',
        code: 'own_request_cannot_approve',
      }),
    );
    const report = vi.fn();
    renderActions(pendingCharge(), 'en', report);
    type('Your password', 'second-pair-of-eyes');
    await press('Approve and book');
    await waitFor(() =>
      expect(report).toHaveBeenLastCalledWith(
        'You asked for this: a second person must approve it (admins too).',
      ),
    );
  });
});

describe('the reject form', () => {
  it('requires a reason, on the field, which gets the focus; nothing is sent', async () => {
    renderActions(pendingCharge());
    type('Reason for rejecting', '   ');
    await press('Reject');
    expect(await screen.findByText('Say why you reject it: the requester reads it.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Reason for rejecting'));
    expect(requests.reject).not.toHaveBeenCalled();
  });

  it('refuses a reason over the contract’s limit', async () => {
    renderActions(pendingCharge());
    type('Reason for rejecting', 'x'.repeat(REJECT_REASON_MAX_LENGTH + 1));
    await press('Reject');
    expect(await screen.findByText(`At most ${REJECT_REASON_MAX_LENGTH} characters.`)).toBeTruthy();
    expect(requests.reject).not.toHaveBeenCalled();
  });

  it('sends the reason trimmed', async () => {
    requests.reject.mockResolvedValue({ status: 200, body: pendingCharge({ status: 'rejected' }) });
    renderActions(pendingCharge());
    type('Reason for rejecting', '  Wrong contract: this fee belongs to C2000. ');
    await press('Reject');
    await waitFor(() => expect(requests.reject).toHaveBeenCalledTimes(1));
    expect(requests.reject.mock.calls[0]![0]).toEqual({
      reason: 'Wrong contract: this fee belongs to C2000.',
    });
  });

  it('shows the server’s refusal of the reason on the field, and other refusals for the page', async () => {
    requests.reject.mockResolvedValueOnce(refused(400, { reason: [REJECT_REASON_MESSAGES.missing] }));
    requests.reject.mockResolvedValueOnce(
      refused(403, {
        detail: 'You asked for this: withdraw it instead of rejecting it.',
        code: 'own_request_cannot_reject',
      }),
    );
    const report = vi.fn();
    renderActions(pendingCharge(), 'en', report);
    type('Reason for rejecting', 'Mine.');
    await press('Reject');
    expect(await screen.findByText('Say why you reject it: the requester reads it.')).toBeTruthy();
    type('Reason for rejecting', 'Mine, really.');
    await press('Reject');
    await waitFor(() =>
      expect(report).toHaveBeenLastCalledWith('You asked for this: withdraw it instead of rejecting it.'),
    );
    expect(screen.queryByText('Say why you reject it: the requester reads it.')).toBeNull();
  });
});
