// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../i18n/testing.ts';
import { ErrorSummary } from './error-summary.tsx';

afterEach(cleanup);

const inEnglish = (node: ReactNode) => <I18nProvider i18n={testI18n('en')}>{node}</I18nProvider>;

const ITEMS = [
  { message: 'The platform refused the request.' },
  { name: 'rows.0.amount', message: 'Amount: Enter an amount.' },
];

describe('ErrorSummary', () => {
  it('says nothing while there is nothing to say', () => {
    render(inEnglish(<ErrorSummary items={[]} onSelect={() => {}} focusRequest={1} />));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('is a region named "There is a problem" listing every message, field messages as links to the field', () => {
    render(inEnglish(<ErrorSummary items={ITEMS} onSelect={() => {}} focusRequest={0} />));
    const summary = screen.getByRole('region', { name: 'There is a problem' });
    expect(summary.textContent).toContain('The platform refused the request.');
    expect(screen.queryByRole('link', { name: 'The platform refused the request.' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Amount: Enter an amount.' }).getAttribute('href')).toBe(
      '#field-rows-0-amount',
    );
  });

  it('hands a link’s field to onSelect (which opens its section and focuses it) instead of jumping', () => {
    const onSelect = vi.fn();
    render(inEnglish(<ErrorSummary items={ITEMS} onSelect={onSelect} focusRequest={0} />));
    const followed = fireEvent.click(screen.getByRole('link', { name: 'Amount: Enter an amount.' }));
    expect(followed).toBe(false); // the browser's own jump was prevented
    expect(onSelect).toHaveBeenCalledWith('rows.0.amount');
  });

  it('takes focus once per failed submit, not on every re-render', () => {
    const summary = (focusRequest: number, items = ITEMS) =>
      inEnglish(<ErrorSummary items={items} onSelect={() => {}} focusRequest={focusRequest} />);
    const { rerender } = render(summary(0));
    expect(document.activeElement).toBe(document.body);

    rerender(summary(1));
    const region = screen.getByRole('region', { name: 'There is a problem' });
    expect(document.activeElement).toBe(region);

    screen.getByRole('link', { name: 'Amount: Enter an amount.' }).focus();
    rerender(summary(1, [...ITEMS, { name: 'city', message: 'City: Enter a city.' }]));
    expect(document.activeElement).not.toBe(region);

    rerender(summary(2));
    expect(document.activeElement).toBe(region);
  });

  it('takes focus when the failed submit’s messages arrive after the request', () => {
    const { rerender } = render(inEnglish(<ErrorSummary items={[]} onSelect={() => {}} focusRequest={1} />));
    rerender(inEnglish(<ErrorSummary items={ITEMS} onSelect={() => {}} focusRequest={1} />));
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'There is a problem' }));
  });
});
