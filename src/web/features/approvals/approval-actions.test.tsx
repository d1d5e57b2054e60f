// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../../contract/approvals.ts';
import type { SessionUser } from '../../../contract/bff-api.ts';
import { messages as approvalsGerman } from './locales/de.po';
import { messages as approvalsEnglish } from './locales/en.po';
import { pendingCharge } from '../../testing/pending-charge.ts';

// The signed-in person is the test's to give (the console route puts it in the router's context).
const bert: SessionUser = {
  username: 'bert',
  role: 'operator',
  environment: 'sandbox',
  confirmFromCent: 50_000,
  approvalFromCent: 100_000,
};
vi.mock('../../lib/session/use-current-user.ts', () => ({ useCurrentUser: () => bert }));
const { ApprovalActions } = await import('./approval-actions.tsx');
const { cannotApproveNote } = await import('./approver-reason.ts');

afterEach(cleanup);
afterEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: approvalsEnglish });
});

function renderActions(approval: Approval, locale: 'en' | 'de' = 'en') {
  i18n.loadAndActivate({ locale, messages: locale === 'de' ? approvalsGerman : approvalsEnglish });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <ApprovalActions approval={approval} report={() => {}} />
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
