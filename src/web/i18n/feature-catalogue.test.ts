// @vitest-environment happy-dom
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, loadFeatureCatalogue } from './i18n.ts';

afterAll(() => activateLanguage('en'));

describe("a feature's own catalogue", () => {
  const feature = {
    en: () => Promise.resolve({ messages: { 'feature-word': 'Approvals' } }),
    de: () => Promise.resolve({ messages: { 'feature-word': 'Freigaben' } }),
  };

  it('is there in the active language once loaded, and again in a language switched to later', async () => {
    await activateLanguage('en');
    await loadFeatureCatalogue(feature);
    expect(i18n._('feature-word')).toBe('Approvals');
    await activateLanguage('de');
    expect(i18n._('feature-word')).toBe('Freigaben');
    // The main catalogue came along too: the feature's messages were added to it, not put in its place.
    expect(i18n._(msg`Approvals`)).toBe('Freigaben');
    expect(document.documentElement.lang).toBe('de');
  });
});
