// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WriteOutcomeNotice } from './write-outcome-notice.tsx';

afterEach(cleanup);

describe('WriteOutcomeNotice', () => {
  it('shows nothing before a write', () => {
    render(<WriteOutcomeNotice outcome={null} onRetry={() => Promise.resolve()} />);
    expect(screen.queryByTestId('write-outcome')).toBeNull();
  });

  it('alerts that a lost answer may have saved, takes focus, and offers only the safe retry', async () => {
    let finish = () => {};
    let retries = 0;
    render(
      <WriteOutcomeNotice
        outcome={{ kind: 'unknown', reason: 'no answer within 15 s' }}
        onRetry={() => {
          retries += 1;
          return new Promise<void>((resolve) => {
            finish = resolve;
          });
        }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Sent, but no answer came');
    expect(alert.textContent).toContain('(no answer within 15 s). It may have been saved.');
    expect(document.activeElement).toBe(alert);

    fireEvent.click(screen.getByRole('button', { name: 'Check and retry safely' }));
    expect(retries).toBe(1);
    // While the identical request is out, it cannot be sent a second time.
    const checking = screen.getByRole('button', { name: 'Checking…' });
    expect(checking.hasAttribute('disabled')).toBe(true);
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Check and retry safely' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('says politely that the first attempt was stored, with the platform’s answer', () => {
    render(
      <WriteOutcomeNotice
        outcome={{ kind: 'confirmed', answer: 'input_id exists already' }}
        onRetry={() => Promise.resolve()}
      />,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Nothing was saved twice.');
    expect(status.textContent).toContain('(input_id exists already)');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says a stored write with an unexpected answer must not be sent again', () => {
    render(
      <WriteOutcomeNotice
        outcome={{ kind: 'saved', status: 201, problem: 'no id in the body' }}
        onRetry={() => Promise.resolve()}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain(
      'the platform accepted it (HTTP 201), but its answer is not in the form the console expects (no id in the body). Do not send it again.',
    );
  });
});
