import { t } from '@lingui/core/macro';
import { useCombobox } from 'downshift';
import { useMemo, useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { browserTimeZone, matchingZones, utcOffsetLabel } from '../../lib/time-zone-names.ts';

const SHOWN = 80;

/**
 * The report's time zone: a searchable combobox (Downshift's ARIA 1.2 pattern) over every zone the
 * runtime knows plus the legacy names the platform accepts, with today's UTC offset beside each, and
 * shortcuts for the browser's zone and UTC. Text that names no zone is put back on leaving the field.
 */
export function ZoneCombobox({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const [inputValue, setInputValue] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    // Chosen elsewhere (a shortcut, the URL): show it.
    setShownValue(value);
    setInputValue(value);
  }
  const [now] = useState(Date.now);
  const { matches, total } = useMemo(
    () => matchingZones(inputValue === value ? '' : inputValue, SHOWN),
    [inputValue, value],
  );
  const {
    isOpen,
    getLabelProps,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
    highlightedIndex,
  } = useCombobox({
    items: matches,
    selectedItem: value,
    inputValue,
    itemToString: (item) => item ?? '',
    onInputValueChange: ({ inputValue: typed }) => setInputValue(typed),
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChange(selectedItem);
    },
    onIsOpenChange: ({ isOpen: open }) => {
      if (!open) setInputValue(value);
    },
  });
  const browserZone = browserTimeZone();
  return (
    <div className="field zone-picker">
      <label {...getLabelProps()}>{t`Time zone`}</label>
      <div className="combobox">
        <input
          {...getInputProps({ name: 'tz', spellCheck: false, autoComplete: 'off' })}
          aria-describedby="tz-hint"
        />
        <button
          type="button"
          className="combobox__toggle"
          {...getToggleButtonProps()}
          aria-label={t`Show time zones`}
        >
          ▾
        </button>
        <ul className="combobox__menu" {...getMenuProps()} hidden={!isOpen || matches.length === 0}>
          {isOpen &&
            matches.map((zone, index) => (
              <li
                key={zone}
                className={
                  index === highlightedIndex ? 'combobox__item combobox__item--active' : 'combobox__item'
                }
                {...getItemProps({ item: zone, index })}
              >
                <span>{zone}</span>
                <span className="combobox__offset">{utcOffsetLabel(zone, now)}</span>
              </li>
            ))}
          {isOpen && total > matches.length && (
            <li className="combobox__more" aria-hidden="true">
              {t`${formatNumber(total - matches.length)} more: keep typing to narrow`}
            </li>
          )}
        </ul>
      </div>
      <span id="tz-hint" className="hint" aria-live="polite">
        {isOpen && matches.length === 0
          ? t`No time zone matches “${inputValue}”.`
          : t`${utcOffsetLabel(value, now)} now. Type any part of the name, e.g. “york” or “kolkata”.`}
      </span>
      <div className="recent" role="group" aria-label={t`Time zone shortcuts`}>
        <button
          type="button"
          className="chip"
          onClick={() => onChange(browserZone)}
          disabled={value === browserZone}
        >
          {t`This browser: ${browserZone}`}
        </button>
        <button type="button" className="chip" onClick={() => onChange('UTC')} disabled={value === 'UTC'}>
          UTC
        </button>
      </div>
    </div>
  );
}
