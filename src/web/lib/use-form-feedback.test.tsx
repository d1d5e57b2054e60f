// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteOutcomeNotice } from '../components/form/write-outcome-notice.tsx';
import { testI18n } from '../i18n/testing.ts';
import type { ApiAnswer } from './api-client.ts';
import { useFormFeedback } from './use-form-feedback.ts';

afterEach(cleanup);

const DUPLICATE = { input_id: ['A charge or credit with this input_id already exists for this contract.'] };

/** A form that books through `answers`, one per attempt (an Error is a broken connection). */
function Booking({
  answers,
  sent,
  onSuccess = () => {},
}: {
  answers: (ApiAnswer<unknown> | Error)[];
  sent: string[];
  onSuccess?: (body: unknown) => void;
}) {
  const form = useForm<{ input_id: string }>({ defaultValues: { input_id: 'bonus-1' } });
  // No field of this form takes the platform's field errors: they land in the summary.
  const feedback = useFormFeedback(form, () => false, undefined, { write: 'charge' });
  const book = () =>
    feedback.send(async () => {
      sent.push(form.getValues('input_id'));
      const answer = answers.shift()!;
      if (answer instanceof Error) throw answer;
      return answer;
    }, onSuccess);
  return (
    <div>
      <button type="button" onClick={() => void book()}>
        Book
      </button>
      <ul data-testid="problems">
        {feedback.serverProblems.map((problem) => (
          <li key={problem.message}>{problem.message}</li>
        ))}
      </ul>
      <WriteOutcomeNotice outcome={feedback.outcome} onRetry={feedback.retrySafely} />
    </div>
  );
}

const show = (node: React.ReactNode) => render(<I18nProvider i18n={testI18n('en')}>{node}</I18nProvider>);
const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
};

describe('the outcome of a write', () => {
  it('calls a 504 unknown, re-sends the identical request, and takes the duplicate answer as booked', async () => {
    const sent: string[] = [];
    show(
      <Booking
        answers={[
          { status: 504, body: { detail: 'late' } },
          { status: 400, body: DUPLICATE },
        ]}
        sent={sent}
      />,
    );
    await click('Book');
    const notice = screen.getByTestId('write-outcome');
    expect(notice.dataset.outcome).toBe('unknown');
    expect(notice.textContent).toContain('It may have been saved');
    expect(notice.textContent).not.toContain('Nothing was saved');
    // Sending anew is not the way on: it could book twice. Only the check sends, the identical request.
    await click('Book');
    expect(sent).toEqual(['bonus-1']);
    await click('Check and retry safely');
    expect(sent).toEqual(['bonus-1', 'bonus-1']);
    expect(screen.getByTestId('write-outcome').dataset.outcome).toBe('confirmed');
    expect(screen.getByTestId('problems').textContent).toBe('');
  });

  it('calls a broken connection unknown, and a 201 on the retry booked', async () => {
    const sent: string[] = [];
    const booked: unknown[] = [];
    show(
      <Booking
        answers={[new TypeError('Failed to fetch'), { status: 201, body: { ok: true } }]}
        sent={sent}
        onSuccess={(body) => booked.push(body)}
      />,
    );
    await click('Book');
    expect(screen.getByTestId('write-outcome').textContent).toContain('Failed to fetch');
    await click('Check and retry safely');
    expect(booked).toEqual([{ ok: true }]);
    expect(screen.queryByTestId('write-outcome')).toBeNull();
  });

  it('says a 2xx whose answer fails the schema was saved — never that nothing was saved', async () => {
    show(
      <Booking
        answers={[{ status: 201, body: { unexpected: true } }]}
        sent={[]}
        onSuccess={() => {
          throw new Error('bonus_created: Required');
        }}
      />,
    );
    await click('Book');
    const notice = screen.getByTestId('write-outcome');
    expect(notice.dataset.outcome).toBe('saved');
    expect(notice.textContent).toContain('Saved: the platform accepted it (HTTP 201)');
    expect(notice.textContent).toContain('bonus_created: Required');
  });

  it('shows a refusal as a refusal, a first-attempt duplicate included', async () => {
    show(<Booking answers={[{ status: 400, body: DUPLICATE }]} sent={[]} />);
    await click('Book');
    expect(screen.queryByTestId('write-outcome')).toBeNull();
    expect(screen.getByTestId('problems').textContent).toContain('already exists');
  });
});
