import { t } from '@lingui/core/macro';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { memo, useMemo, useState } from 'react';
import { formatNumber } from '../../lib/format.ts';
import { browserTimeZone, matchingZones, utcOffsetLabel } from '../../lib/time-zone-names.ts';

const SHOWN = 80;
const { InputChange, InputKeyDownEnter, InputKeyDownEscape, InputBlur } = useCombobox.stateChangeTypes;

/**
 * Downshift's state changes, adjusted to the list-autocomplete-with-automatic-selection pattern (WAI-ARIA
 * APG): the first match is highlighted while typing, so Enter takes it (or the only one); Escape and
 * leaving the field put the report's zone back, unless the text left behind names a zone exactly.
 */
export function zoneStateReducer(
  state: UseComboboxState<string>,
  { type, changes, props }: UseComboboxStateChangeOptions<string>,
): Partial<UseComboboxState<string>> {
  const current = state.selectedItem;
  const restored = { selectedItem: current, inputValue: current ?? '' };
  switch (type) {
    case InputChange:
      // Typed text highlights its first match, so Enter takes it; an empty field lists every zone, and
      // nothing there is the obvious pick. (Not Downshift's defaultHighlightedIndex: that also
      // highlighted the first zone of the whole list when the field was merely clicked, and Enter then
      // chose Africa/Abidjan.)
      return { ...changes, highlightedIndex: changes.inputValue?.trim() ? 0 : -1 };
    case InputKeyDownEnter:
      // No match to take: the list stays open and the hint says that nothing matches.
      if (props.items.length === 0) return state;
      return changes.selectedItem === current ? { ...changes, ...restored } : changes;
    case InputKeyDownEscape:
      return { ...changes, ...restored };
    case InputBlur: {
      const typed = state.inputValue.trim().toLowerCase();
      const named = props.items.find((zone) => zone.toLowerCase() === typed);
      return named
        ? { ...changes, selectedItem: named, inputValue: named }
        : { ...changes, highlightedIndex: -1, ...restored };
    }
    default:
      return changes.isOpen === false && changes.selectedItem === current
        ? { ...changes, ...restored }
        : changes;
  }
}

/**
 * The report's time zone: a searchable combobox (Downshift's ARIA 1.2 pattern) over every zone the
 * runtime knows plus the legacy names the platform accepts, with today's UTC offset beside each, and
 * shortcuts for the browser's zone and UTC.
 *
 * The typed text is this component's state, set in the input's own change handler. Downshift reports
 * a new input value from an effect, and a state set there is rendered a task later; meanwhile React
 * had put the input back to the old text, so a key pressed in between (typing at ~10 ms a key) was
 * lost ("kolkata" became "kolaa"). Downshift's own changes (a pick, Escape, leaving) still come
 * through `onInputValueChange`.
 */
/**
 * Memoised: the report re-renders on every change of view, and the combobox (downshift's hooks, its ref
 * callbacks made anew each render) cost ~10 ms of a switch to the running sum without a change of its own.
 */
export const ZoneCombobox = memo(function ZoneCombobox({
  value,
  onChange,
}: {
  value: string;
  onChange: (zone: string) => void;
}) {
  const [inputValue, setInputValue] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    // Chosen elsewhere (a shortcut, the URL, a pick here): show it.
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
    stateReducer: zoneStateReducer,
    onInputValueChange: ({ type, inputValue: changed }) => {
      if (type !== InputChange) setInputValue(changed);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChange(selectedItem);
    },
  });
  const browserZone = browserTimeZone();
  return (
    <div className="field zone-picker">
      <label {...getLabelProps()}>{t`Time zone`}</label>
      <div className="combobox">
        <input
          {...getInputProps({
            name: 'tz',
            spellCheck: false,
            autoComplete: 'off',
            onChange: (event) => setInputValue(event.currentTarget.value),
          })}
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
});
