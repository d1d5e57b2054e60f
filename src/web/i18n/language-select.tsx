import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { chooseLanguage, currentLanguage } from './i18n.ts';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from './language.ts';

const id = 'language-select';

/**
 * The top bar's language control: "Language" / "Sprache", remembered for the next visit. The console
 * renders afresh in the new language, so focus is put back on the control afterwards.
 */
export function LanguageSelect() {
  const { t } = useLingui();
  const [switching, setSwitching] = useState(false);
  return (
    <span className="language-select">
      <label htmlFor={id}>{t`Language`}</label>
      <select
        id={id}
        value={currentLanguage()}
        disabled={switching}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          setSwitching(true);
          void chooseLanguage(language).finally(() => {
            setSwitching(false);
            requestAnimationFrame(() => document.getElementById(id)?.focus());
          });
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
