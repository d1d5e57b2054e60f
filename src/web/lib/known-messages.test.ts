import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { IBAN_MESSAGES } from '../../contract/iban.ts';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { consoleMessage, platformMessage } from './known-messages.ts';
import { mapServerAnswer } from './server-answer.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

describe('messages from the platform and the shared rules', () => {
  it('are left alone in English', () => {
    expect(platformMessage(IBAN_MESSAGES.checkDigit)).toBe(IBAN_MESSAGES.checkDigit);
    expect(consoleMessage('Enter a valid German postcode (5 digits).')).toBe(
      'Enter a valid German postcode (5 digits).',
    );
  });

  it('keep the platform’s words in German, with their meaning beside them', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(platformMessage(IBAN_MESSAGES.checkDigit)).toBe(
      'IBAN check digit validation failed — Die Prüfziffern der IBAN stimmen nicht: Suchen Sie nach einem Tippfehler.',
    );
    expect(platformMessage('Ensure this field has no more than 13 characters.')).toBe(
      'Ensure this field has no more than 13 characters. — Verwenden Sie höchstens 13 Zeichen.',
    );
    expect(platformMessage('Something nobody has seen before.')).toBe('Something nobody has seen before.');
    expect(platformMessage('A technical resource with this technical_resource_id already exists.')).toBe(
      'A technical resource with this technical_resource_id already exists. — Eine technische Ressource mit dieser ID ist schon angelegt.',
    );
    const answer = mapServerAnswer(400, { tax_number: ['This field is required.'] }, () => true);
    expect(answer.fieldErrors).toEqual([
      { name: 'tax_number', message: 'This field is required. — Dieses Feld ist erforderlich.' },
    ]);
  });

  it('put the console’s own rules in German', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(consoleMessage('An account with this username exists.')).toBe(
      'Ein Konto mit diesem Benutzernamen gibt es schon.',
    );
    expect(consoleMessage('Enter a valid German postcode (5 digits).')).toBe(
      'Geben Sie eine gültige deutsche Postleitzahl ein (5 Ziffern).',
    );
    expect(consoleMessage('Use "," for the decimals, e.g. 1.234,56.')).toBe(
      'Verwenden Sie „,“ für die Nachkommastellen, z. B. 1.234,56.',
    );
  });
});

describe('the known messages', () => {
  it('are the contract’s and the platform’s texts, word for word', async () => {
    const { EXECUTION_CYCLE_REQUIRED } = await import('../../contract/api/charges.ts');
    const { MESSAGES } = await import('../../contract/api/common.ts');
    const { DELIVERY_START_MESSAGES } = await import('../../contract/delivery-start.ts');
    const { MARKET_LOCATION_MESSAGES, redispatchIdProblem } =
      await import('../../contract/market-location.ts');
    const { checkBulkFile } = await import('../../contract/bulk-csv.ts');
    const {
      AMOUNT_CENT_MESSAGE,
      amountEurMessage,
      bulkCampaignRequestSchema,
      conflictingDuplicates,
      MAX_BULK_ROWS,
    } = await import('../../contract/bulk.ts');
    const { createUserRequestSchema } = await import('../../contract/bff-api.ts');
    const { UNMEANT_CHARACTER_MESSAGE } = await import('../../contract/file-encoding.ts');
    const { SAME_MARKET_LOCATION } = await import('../../contract/api/technical-resources.ts');
    const tooLong = `user_id\n${'x\n'.repeat(MAX_BULK_ROWS + 1)}`;
    const fileProblems = ['', 'user_id\n"open', tooLong].map(
      (text) => checkBulkFile('charges', text).fileProblem ?? 'no file problem',
    );
    const issues = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((issue) => issue.message) ?? [];
    const texts = [
      ...fileProblems,
      ...(['C', 'D'] as const).flatMap((prefix) =>
        ['X', `${prefix}1137355920`].map((id) => redispatchIdProblem(id, prefix) ?? 'no problem'),
      ),
      ...issues(bulkCampaignRequestSchema.safeParse({ kind: 'charges', fileName: 'a.csv', rows: [] })),
      AMOUNT_CENT_MESSAGE,
      amountEurMessage('de'),
      amountEurMessage('en'),
      UNMEANT_CHARACTER_MESSAGE,
      SAME_MARKET_LOCATION,
      ...conflictingDuplicates('charges', [
        { row: 1, values: { user_id: 'P1', contract_id: 'C1', input_id: 'x', amount_cent: 1 } },
        { row: 2, values: { user_id: 'P1', contract_id: 'C1', input_id: 'x', amount_cent: 2 } },
      ]).map((problem) => problem.message),
      ...issues(createUserRequestSchema.safeParse({ username: 'A', password: 'short', role: 'viewer' })),
      EXECUTION_CYCLE_REQUIRED,
      MESSAGES.required,
      MESSAGES.dateFormat,
      MESSAGES.dateTimeFormat,
      ...Object.values(DELIVERY_START_MESSAGES),
      ...Object.values(MARKET_LOCATION_MESSAGES),
      ...Object.values(IBAN_MESSAGES),
    ];
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(texts.filter((text) => consoleMessage(text) === text)).toEqual([]);
  });
});
