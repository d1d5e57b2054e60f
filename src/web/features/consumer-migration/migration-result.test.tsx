// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as de } from '../../locales/de.po';
import { messages as en } from '../../locales/en.po';
import { MigrationResult } from './migration-result.tsx';

afterEach(cleanup);
afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

const RECORD = {
  user_id: 'K-1',
  first_name: 'Erika',
  annual_consumption: 3500,
  base_fee_price_brutto: 12.5,
  working_price_1_price_netto: 25.1234,
  contract_notice_period: 1,
  minimum_contract_term: 24,
  free_amount: 10,
  salutation: null,
  subscription_reason: 'E02',
  contract_notice_period_unit: 'm',
  contract_relationships: [],
};

/** The result as shown: each label with its value. */
function shownPairs(language: 'en' | 'de'): Record<string, string> {
  i18n.loadAndActivate({ locale: language, messages: language === 'de' ? de : en });
  render(
    <I18nProvider i18n={i18n}>
      <MigrationResult record={RECORD} onAnother={() => undefined} />
    </I18nProvider>,
  );
  return Object.fromEntries(
    [...document.querySelectorAll('dl.record > div')].map((row) => [
      row.querySelector('dt')?.textContent ?? '',
      row.querySelector('dd')?.textContent ?? '',
    ]),
  );
}

describe('the migration result', () => {
  it('labels the platform’s own fields in words, with units, plurals and two decimals for money', () => {
    const shown = shownPairs('en');
    expect(shown['Salutation']).toBe('None – the platform derives no salutation from the request');
    expect(shown['Change reason']).toBe('E02 – move-in / new installation: stated by staff');
    expect(shown['Notice period unit']).toBe('m – months');
    expect(shown['Base fee brutto']).toBe('12.50 €/month');
    expect(shown['Working price netto']).toBe('25.1234 ct/kWh');
    expect(shown['Free amount']).toBe('10.00 €');
    expect(shown['Annual consumption']).toBe('3,500 kWh/year');
    expect(shown['Notice period']).toBe('1 month');
    expect(shown['Minimum contract term']).toBe('24 months');
    expect(Object.keys(shown).filter((label) => /_/.test(label))).toEqual([]);
  });

  it('speaks German: German labels, separators and plurals', () => {
    const shown = shownPairs('de');
    expect(screen.getByRole('heading', { name: 'Kunde migriert' })).toBeTruthy();
    expect(shown['Anrede']).toMatch(/^Keine/);
    expect(shown['Wechselgrund']).toBe('E02 – Einzug / Neuanlage: von Ihnen angegeben');
    expect(shown['Grundpreis brutto']).toBe('12,50 €/Monat');
    expect(shown['Jahresverbrauch']).toBe('3.500 kWh/Jahr');
    expect(shown['Kündigungsfrist']).toBe('1 Monat');
    expect(shown['Mindestlaufzeit']).toBe('24 Monate');
  });
});
