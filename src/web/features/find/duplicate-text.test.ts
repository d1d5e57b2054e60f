import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { Duplicate } from '../../../contract/records.ts';
import { duplicateSentence } from './duplicate-text.ts';
import { messages as findEnglish } from './locales/en.po';

// The sentences are the find feature's words, as its pages load them.
i18n.load('en', findEnglish);

const migrated: Duplicate = {
  record_id: '41',
  reason: 'market_location',
  user_id: 'K-100234',
  contract_id: null,
  technical_resource_id: null,
  recorded_at: '2026-11-23T09:15:00Z',
  recorded_by: 'olga',
  url: '/consumers/K-100234',
};

const whole = (sentence: ReturnType<typeof duplicateSentence>) =>
  `${sentence.before}${sentence.id}${sentence.after}`;

describe('duplicate warnings', () => {
  it('says which consumer was migrated with the same market location, when and by whom', () => {
    const sentence = duplicateSentence(migrated);
    expect(whole(sentence)).toBe('K-100234 was migrated with this market location on Nov 23, 2026 by olga.');
    expect(sentence).toMatchObject({ before: '', id: 'K-100234', url: '/consumers/K-100234' });
  });

  it('says so for the same name and address', () => {
    expect(whole(duplicateSentence({ ...migrated, reason: 'name_and_address' }))).toBe(
      'K-100234 was migrated with this name and address on Nov 23, 2026 by olga.',
    );
  });

  it('names a technical resource by its TR-ID', () => {
    const sentence = duplicateSentence({
      ...migrated,
      reason: 'technical_resource_id',
      user_id: null,
      contract_id: 'C1000',
      technical_resource_id: 'D1137355922',
      url: '/records/41',
    });
    expect(whole(sentence)).toBe('D1137355922 was registered on Nov 23, 2026 by olga.');
    expect(sentence).toMatchObject({ id: 'D1137355922', url: '/records/41' });
  });

  it('dates a record by the console’s calendar (Berlin): 23:30 UTC is the next day there', () => {
    expect(whole(duplicateSentence({ ...migrated, recorded_at: '2026-11-23T23:30:00Z' }))).toContain(
      'on Nov 24, 2026',
    );
  });
});
