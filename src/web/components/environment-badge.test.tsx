// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '../i18n/testing.ts';
import { EnvironmentBadge } from './environment-badge.tsx';

const inLanguage = (language: 'en' | 'de', node: ReactNode) =>
  render(<I18nProvider i18n={testI18n(language)}>{node}</I18nProvider>);

afterEach(cleanup);

describe('EnvironmentBadge', () => {
  it('is calm for sandbox and test', () => {
    inLanguage('en', <EnvironmentBadge environment="test" />);
    expect(screen.getByTestId('environment').textContent).toBe('Environment: test');
    expect(screen.getByTestId('environment').className).toBe('environment environment--test');
  });

  it('says in words, not only colour, that production changes are real', () => {
    inLanguage('en', <EnvironmentBadge environment="production" />);
    expect(screen.getByTestId('environment').textContent).toBe('PRODUCTION — changes are real');
    expect(screen.getByTestId('environment').className).toContain('environment--production');
  });

  it('says in German that production changes are real', () => {
    inLanguage('de', <EnvironmentBadge environment="production" />);
    expect(screen.getByTestId('environment').textContent).toBe('PRODUKTION — Änderungen sind echt');
  });
});
