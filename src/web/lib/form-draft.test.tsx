// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetOtherUsersDrafts } from './draft-store.ts';
import { readFormDraft, useFormDraft } from './form-draft.ts';
import { useDraft } from './use-draft.ts';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

interface MigrationDraft {
  first_name: string;
  iban: string;
}
const EMPTY: MigrationDraft = { first_name: '', iban: '' };
const hasInput = (values: Partial<MigrationDraft>) => Object.values(values).some(Boolean);

/** The migration form's draft as a user types into it. */
function typeDraftAs(username: string, values: MigrationDraft) {
  const { result, unmount } = renderHook(() => {
    const form = useForm<MigrationDraft>({
      defaultValues: readFormDraft(username, 'consumer-migration', EMPTY),
    });
    useFormDraft(username, 'consumer-migration', form, hasInput);
    return form;
  });
  act(() => {
    result.current.setValue('first_name', values.first_name);
    result.current.setValue('iban', values.iban);
  });
  unmount();
}

describe('a form draft in a tab two staff members use one after the other', () => {
  it('comes back to the user who typed it after their session ended and they signed in again', () => {
    typeDraftAs('olga', { first_name: 'Jörg', iban: 'DE89370400440532013000' });
    forgetOtherUsersDrafts('olga');
    expect(readFormDraft('olga', 'consumer-migration', EMPTY)).toEqual({
      first_name: 'Jörg',
      iban: 'DE89370400440532013000',
    });
  });

  it('is never restored for the next user who signs in on the same storage, and is gone from it', () => {
    typeDraftAs('olga', { first_name: 'Jörg', iban: 'DE89370400440532013000' });
    // Olga's session expires; Sam signs in in the same tab and opens the migration form.
    expect(readFormDraft('sam', 'consumer-migration', EMPTY)).toEqual(EMPTY);
    forgetOtherUsersDrafts('sam');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('DE89370400440532013000');
    expect(readFormDraft('olga', 'consumer-migration', EMPTY)).toEqual(EMPTY);
  });

  it('keeps the validators page’s values per user too', () => {
    const olga = renderHook(() => useDraft('olga', 'validators', { iban: '' }));
    act(() => olga.result.current[1]({ iban: 'DE89370400440532013000' }));
    olga.unmount();
    const sam = renderHook(() => useDraft('sam', 'validators', { iban: '' }));
    expect(sam.result.current[0]).toEqual({ iban: '' });
    const olgaAgain = renderHook(() => useDraft('olga', 'validators', { iban: '' }));
    expect(olgaAgain.result.current[0]).toEqual({ iban: 'DE89370400440532013000' });
  });
});
