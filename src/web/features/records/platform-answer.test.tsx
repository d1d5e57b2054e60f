// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from './locales/en.po';
import { OutcomeBadge } from './outcome-badge.tsx';
import { PlatformAnswer } from './platform-answer.tsx';
import { consoleRecord } from './testing/records.ts';

// The records' own words, as their pages load them.
beforeAll(() => i18n.load('en', messages));
afterEach(cleanup);

const LABELS: Record<string, string> = { bank_data_iban: 'IBAN' };

function shown(record: ReturnType<typeof consoleRecord>) {
  render(
    <I18nProvider i18n={i18n}>
      <PlatformAnswer record={record} fieldLabel={(name) => LABELS[name]} />
      <OutcomeBadge record={record} />
    </I18nProvider>,
  );
}

describe("the platform's answer on a record", () => {
  it('lists a refusal’s messages, each on its field’s label, and says nothing was stored', () => {
    shown(
      consoleRecord({
        id: '1',
        operation: 'consumer_migration',
        outcome: 'refused',
        upstream_status: 400,
        upstream_body: { bank_data_iban: ['IBAN check digit validation failed'], detail: 'Check the form.' },
      }),
    );
    expect(screen.getByText('The platform refused it (HTTP 400): nothing was stored.')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['IBAN: IBAN check digit validation failed', 'Check the form.']);
    expect(screen.getByText('Refused: nothing was stored')).toBeTruthy();
  });

  it('says a lost answer may be stored, and lists nothing', () => {
    shown(consoleRecord({ id: '2', outcome: 'unknown', upstream_status: null, upstream_body: null }));
    expect(screen.getByTestId('platform-answer').textContent).toContain('it may or may not be stored');
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(document.querySelector('[data-outcome="unknown"]')?.textContent).toBe(
      '?No answer: it may or may not be stored',
    );
  });

  it('names what the platform did with an accepted write', () => {
    shown(consoleRecord({ id: '3', upstream_body: { bonus_created: [] } }));
    expect(screen.getByText('The platform booked it (HTTP 201).')).toBeTruthy();
    expect(screen.getByText('Booked')).toBeTruthy();
  });
});

describe('answers the console confirmed or could not read', () => {
  it('says a write confirmed by its retry ("already exists") was stored', () => {
    shown(consoleRecord({ id: '4', upstream_status: 400, upstream_body: { input_id: ['already used'] } }));
    expect(screen.getByTestId('platform-answer').textContent).toBe(
      'Stored: the first attempt’s answer was lost, and sending it again was answered “already exists” (HTTP 400).',
    );
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it('says a 5xx may have stored it', () => {
    shown(
      consoleRecord({
        id: '5',
        outcome: 'unknown',
        upstream_status: 503,
        upstream_body: { detail: 'Down.' },
      }),
    );
    expect(screen.getByTestId('platform-answer').textContent).toContain(
      'The platform answered with an error (HTTP 503): it may or may not be stored.',
    );
  });
});
