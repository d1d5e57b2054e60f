import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract/bff-api.ts';
import { testI18n } from '../i18n/testing.ts';
import { paletteCommands } from './palette-commands.ts';

const en = testI18n('en');
const de = testI18n('de');

const operator: SessionUser = { username: 'olga', role: 'operator', environment: 'sandbox' };
const viewer: SessionUser = { username: 'victor', role: 'viewer', environment: 'sandbox' };
const recent = [
  { user: 'P1000', contract: 'C1000' },
  { user: 'P2000', contract: 'C2000' },
];
const labels = (user: SessionUser, query: string) =>
  paletteCommands(en, user, query, recent).map((command) => command.label);

describe('the command palette', () => {
  it('offers a typed contract: its feed-in report, and a booking for those who may write', () => {
    const commands = paletteCommands(en, operator, 'P3000/C3000', recent);
    expect(commands.slice(0, 2)).toEqual([
      {
        id: 'Contracts:report:P3000/C3000',
        group: 'Contracts',
        label: 'Feed-in report for P3000/C3000',
        to: '/reports/feed-in',
        search: { user: 'P3000', contract: 'C3000' },
      },
      {
        id: 'Contracts:charge:P3000/C3000',
        group: 'Contracts',
        label: 'Book a charge or credit on P3000/C3000',
        to: '/producers/charges',
        search: { user: 'P3000', contract: 'C3000' },
      },
    ]);
    expect(labels(operator, 'P3000 C3000')).toContain('Feed-in report for P3000/C3000');
    expect(labels(viewer, 'P3000/C3000')).not.toContain('Book a charge or credit on P3000/C3000');
  });

  it('finds recent contracts by either ID, and lists them when nothing is typed', () => {
    expect(labels(viewer, 'c2000')).toEqual(['Feed-in report for P2000/C2000']);
    expect(labels(viewer, '')).toEqual(
      expect.arrayContaining([
        'Feed-in report for P1000/C1000',
        'Feed-in report for P2000/C2000',
        'Validators',
      ]),
    );
  });

  it('checks an IBAN or a market location on the validators page, the value filled in', () => {
    expect(paletteCommands(en, viewer, 'check iban DE89 3704 0044 0532 0130 00', recent)[0]).toMatchObject({
      label: 'Check IBAN DE89 3704 0044 0532 0130 00',
      to: '/tools/validators',
      search: { iban: 'DE89 3704 0044 0532 0130 00' },
    });
    expect(paletteCommands(en, viewer, 'DE89370400440532013000', recent)[0]).toMatchObject({
      group: 'Checks',
    });
    // "iban …" alone, as staff type it (issue 42: it found nothing).
    expect(paletteCommands(en, viewer, 'iban DE89 3704 0044 0532 0130 00', recent)[0]).toMatchObject({
      label: 'Check IBAN DE89 3704 0044 0532 0130 00',
      search: { iban: 'DE89 3704 0044 0532 0130 00' },
    });
    expect(paletteCommands(en, viewer, '51238696781', recent)[0]).toMatchObject({
      label: 'Check market location 51238696781',
      search: { marketLocation: '51238696781' },
    });
  });

  it('goes to the pages the user may open, by name', () => {
    expect(labels(operator, 'bulk')).toEqual(['Bulk charges and credits', 'Bulk consumer migrations']);
    expect(labels(operator, 'bulk mig')).toEqual(['Bulk consumer migrations']);
    expect(labels(viewer, 'bulk')).toEqual([]);
    expect(labels(viewer, 'audit')).toEqual([]);
    expect(labels({ ...operator, role: 'admin' }, 'audit')).toEqual(['Audit log']);
  });

  it('opens one’s own account by its name or what it holds, for every role, in either language', () => {
    expect(paletteCommands(en, viewer, 'account', recent).map((command) => command.to)).toEqual(['/account']);
    expect(paletteCommands(en, operator, 'passkeys', recent).map((command) => command.to)).toEqual([
      '/account',
    ]);
    expect(paletteCommands(de, operator, 'passwort', recent).map((command) => command.to)).toEqual([
      '/account',
    ]);
    // Admins find the accounts page too.
    expect(labels({ ...operator, role: 'admin' }, 'account')).toEqual(['Accounts', 'Your account']);
  });

  it('opens the approvals for operators and admins, in either language, never for viewers', () => {
    expect(labels(operator, 'approvals')).toEqual(['Approvals']);
    expect(labels({ ...operator, role: 'admin' }, 'approv')).toEqual(['Approvals']);
    expect(labels(viewer, 'approvals')).toEqual([]);
    expect(paletteCommands(de, operator, 'freigaben', recent).map((command) => command.to)).toEqual([
      '/approvals',
    ]);
  });

  it('speaks German: page names, contract commands and "prüfe IBAN"', () => {
    const german = (user: SessionUser, query: string) =>
      paletteCommands(de, user, query, recent).map((command) => command.label);
    expect(german(operator, 'kunden mig')).toEqual(['Kunden migrieren', 'Kundenmigrationen in Masse']);
    expect(german(operator, 'masse kunden')).toEqual(['Kundenmigrationen in Masse']);
    expect(german(operator, 'P3000/C3000')).toEqual([
      'Einspeisebericht für P3000/C3000',
      'Belastung oder Gutschrift auf P3000/C3000 buchen',
    ]);
    expect(paletteCommands(de, viewer, 'prüfe iban DE89 3704', recent)[0]).toMatchObject({
      label: 'IBAN DE89 3704 prüfen',
      search: { iban: 'DE89 3704' },
    });
    expect(german(viewer, 'prüfe malo 51238696781')).toEqual(['Marktlokation 51238696781 prüfen']);
  });
});
