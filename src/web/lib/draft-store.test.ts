// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { forgetOtherUsersDrafts, readDraft, removeDraft, writeDraft } from './draft-store.ts';

afterEach(() => sessionStorage.clear());

const draftWithIban = { first_name: 'Jörg', iban: 'DE89370400440532013000' };

describe('drafts belong to their user', () => {
  it('gives a draft back to the user who wrote it', () => {
    writeDraft('olga', 'consumer-migration', draftWithIban);
    expect(readDraft('olga', 'consumer-migration')).toEqual(draftWithIban);
  });

  it('never gives one user’s draft to another user of the same tab', () => {
    writeDraft('olga', 'consumer-migration', draftWithIban);
    expect(readDraft('sam', 'consumer-migration')).toBeUndefined();
  });

  it('keeps an SSO subject’s draft apart from a username that only looks like its prefix', () => {
    writeDraft('sso:olga', 'consumer-migration', draftWithIban);
    expect(readDraft('sso', 'olga:consumer-migration')).toBeUndefined();
    expect(readDraft('sso', 'consumer-migration')).toBeUndefined();
  });

  it('deletes every other user’s draft, and unowned ones, when a user is signed in; keeps their own', () => {
    writeDraft('olga', 'consumer-migration', draftWithIban);
    writeDraft('olga', 'validators', { iban: 'DE89370400440532013000' });
    writeDraft('sam', 'validators', { iban: 'DE02120300000000202051' });
    // A draft kept before drafts had owners (`draft:<form>`).
    sessionStorage.setItem('draft:consumer-migration', JSON.stringify(draftWithIban));
    sessionStorage.setItem('language-unrelated', 'kept');

    forgetOtherUsersDrafts('sam');

    expect(readDraft('sam', 'validators')).toEqual({ iban: 'DE02120300000000202051' });
    expect(Object.keys(sessionStorage).sort()).toEqual(['draft:sam:validators', 'language-unrelated']);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('DE89370400440532013000');
  });

  it('removes a user’s draft and reads a damaged one as none', () => {
    writeDraft('olga', 'consumer-migration', draftWithIban);
    removeDraft('olga', 'consumer-migration');
    expect(readDraft('olga', 'consumer-migration')).toBeUndefined();
    sessionStorage.setItem('draft:olga:validators', '{not json');
    expect(readDraft('olga', 'validators')).toBeUndefined();
  });
});
