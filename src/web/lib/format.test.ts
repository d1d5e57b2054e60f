import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { formatDate, formatMoney } from './format.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

describe('formatDate', () => {
  it('shows a calendar day as German staff read it in the German console', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(formatDate('2026-11-28')).toBe('28.11.2026');
    expect(formatDate('1984-02-09')).toBe('09.02.1984');
  });

  it('never shows the ISO day in English either, and keeps the day whatever the zone', () => {
    expect(formatDate('2026-11-28')).not.toBe('2026-11-28');
    expect(formatDate('2026-11-28')).toMatch(/28/);
    expect(formatDate('2026-01-01')).toMatch(/2026/);
  });

  it('shows what is no ISO day as it came', () => {
    expect(formatDate('next week')).toBe('next week');
  });
});

describe('formatMoney', () => {
  it('shows cents as euros with German separators and the sign after the amount', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(formatMoney(150000)).toBe('1.500,00\u00a0€');
  });

  it('shows cents as euros in English', () => {
    expect(formatMoney(150000)).toMatch(/^€1,500\.00$/);
  });
});
