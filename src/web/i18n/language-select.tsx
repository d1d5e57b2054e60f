import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { chooseLanguage, currentLanguage } from './i18n.ts';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from './language.ts';

const id = 'language-select';
// Set while switching: the control of the console rendered afresh takes the focus back.
let refocusAfterSwitch = false;

/**
 * The top bar's language control: "Language" / "Sprache", remembered for the next visit. The console
 * renders afresh in the new language, so focus is put back on the control afterwards.
 */
export function LanguageSelect() {
  const { t } = useLingui();
  const [switching, setSwitching] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (!refocusAfterSwitch) return;
    refocusAfterSwitch = false;
    select.current?.focus();
  }, []);
  return (
    <span className="language-select">
      <label htmlFor={id}>{t`Language`}</label>
      <select
        id={id}
        ref={select}
        value={currentLanguage()}
        disabled={switching}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          setSwitching(true);
          refocusAfterSwitch = true;
          void chooseLanguage(language).finally(() => setSwitching(false));
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
