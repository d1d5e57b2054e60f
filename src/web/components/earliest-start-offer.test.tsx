// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../i18n/testing.ts';
import type { LiveCheckState } from '../lib/live-check.ts';
import { EarliestStartOffer } from './earliest-start-offer.tsx';

const inLanguage = (language: 'en' | 'de', node: ReactNode) =>
  render(<I18nProvider i18n={testI18n(language)}>{node}</I18nProvider>);

const tooEarly: LiveCheckState = { status: 'invalid', message: 'Too early.', earliest: '2026-12-07' };

afterEach(cleanup);

describe('EarliestStartOffer', () => {
  it('offers the earliest start the platform named, and takes it in one click', () => {
    const onUse = vi.fn();
    inLanguage('en', <EarliestStartOffer state={tooEarly} onUse={onUse} />);
    const offer = screen.getByText('Earliest possible start:', { exact: false });
    expect(offer.querySelector('strong')?.textContent).toBe('2026-12-07');
    expect(offer.textContent).toMatch(/^Earliest possible start: 2026-12-07 \(.*2026.*\) Use this date$/);
    fireEvent.click(screen.getByRole('button', { name: 'Use this date' }));
    expect(onUse).toHaveBeenCalledWith('2026-12-07');
  });

  it('says nothing for a refusal without a date, nor for any other state', () => {
    const states: LiveCheckState[] = [
      { status: 'invalid', message: 'Not a date.' },
      { status: 'valid' },
      { status: 'checking' },
      { status: 'idle' },
    ];
    for (const state of states) {
      const { container } = inLanguage('en', <EarliestStartOffer state={state} onUse={() => {}} />);
      expect(container.textContent, state.status).toBe('');
      cleanup();
    }
  });

  it('labels the offer and its button in German', () => {
    inLanguage('de', <EarliestStartOffer state={tooEarly} onUse={() => {}} />);
    expect(screen.getByText('Frühestmöglicher Beginn:', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dieses Datum verwenden' })).toBeTruthy();
  });
});
