import { i18n } from '@lingui/core';

/**
 * A catalogue of words built in the active language, rebuilt only when the language changes. The
 * feature catalogues (labels, hints, messages of a form) use it, since they are read outside React.
 */
export function perLanguage<T>(build: () => T): () => T {
  let cached: { locale: string; value: T } | undefined;
  return () => {
    if (cached?.locale !== i18n.locale) cached = { locale: i18n.locale, value: build() };
    return cached.value;
  };
}
