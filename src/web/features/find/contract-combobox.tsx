import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { describedByIds } from '../../components/form-field.tsx';
import { fieldId, useFieldError } from '../../components/form/field-error.ts';
import { searchQueryOptions } from './api/search-records.ts';
import { knownContracts, type KnownContract } from './search-results.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

const { InputBlur, InputKeyDownEscape } = useCombobox.stateChangeTypes;

/**
 * The field keeps what was typed whatever Downshift does: only a deliberate choice (Enter on a
 * highlighted suggestion, a click) fills the IDs; leaving the field (Tab) or Escape never replaces the
 * typed text with a suggestion or clears it. Free typing stays free: an ID the console never saw is fine.
 */
export function suggestionStateReducer(
  state: UseComboboxState<KnownContract>,
  { type, changes }: UseComboboxStateChangeOptions<KnownContract>,
): Partial<UseComboboxState<KnownContract>> {
  if (type === InputBlur || type === InputKeyDownEscape)
    return { ...changes, selectedItem: state.selectedItem, inputValue: state.inputValue };
  return changes;
}

/**
 * A user ID or contract ID field (`name` as the API calls it) that suggests the contracts the console
 * knows as staff type (`GET /bff/search?kind=contract`): Downshift's ARIA 1.2 combobox (list
 * autocomplete), bound to react-hook-form by its name. Choosing a suggestion fills both IDs (`onChoose`).
 */
export function ContractCombobox({
  name,
  label,
  hint,
  onChoose,
  describedBy,
}: {
  name: 'user_id' | 'contract_id';
  label: string;
  hint: string;
  onChoose: (contract: KnownContract) => void;
  /** Further ids that describe the field (the producer's name, the check's verdict). */
  describedBy?: string | undefined;
}) {
  const { t } = useLingui();
  // register and useWatch, not useController: the shell's chunk of react-hook-form already holds these
  // (a first useController would grow the JavaScript loaded before the first paint).
  const { register, control } = useFormContext();
  const registration = register(name);
  const value: unknown = useWatch({ control, name });
  const error = useFieldError(name);
  const id = fieldId(name);
  const text = typeof value === 'string' ? value : '';
  // Suggestions only for what staff type here: a value filled in (the URL, a choice) asks nothing.
  const [typed, setTyped] = useState(false);
  const query = useDebouncedValue(typed ? text.trim() : '');
  const suggestions = useQuery({ ...searchQueryOptions(query, 'contract'), enabled: query.length > 0 });
  const items = query ? knownContracts(suggestions.data ?? []) : [];
  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps, highlightedIndex } =
    useCombobox<KnownContract>({
      items,
      inputValue: text,
      selectedItem: null,
      inputId: id,
      labelId: `${id}-label`,
      menuId: `${id}-suggestions`,
      itemToString: (item) => (item ? (name === 'user_id' ? item.userId : item.contractId) : ''),
      stateReducer: suggestionStateReducer,
      onSelectedItemChange: ({ selectedItem }) => {
        if (!selectedItem) return;
        setTyped(false);
        onChoose(selectedItem);
      },
    });
  const shown = isOpen && items.length > 0;
  const statusId = `${id}-suggestions-status`;
  const describedByAll = describedByIds(id, {
    hint,
    error,
    extra: [describedBy, statusId].filter(Boolean).join(' '),
  });
  return (
    <div className="field">
      <label {...getLabelProps({ htmlFor: id })}>{label}</label>
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      <div className="combobox">
        <input
          {...getInputProps({
            ...registration,
            // The typed text goes to the form in the input's own handler, so no keystroke is lost.
            onChange: (event) => {
              setTyped(true);
              void registration.onChange(event);
            },
            spellCheck: false,
            'aria-invalid': Boolean(error),
            ...(describedByAll ? { 'aria-describedby': describedByAll } : {}),
          })}
        />
        <ul
          className="combobox__menu"
          {...getMenuProps({ 'aria-label': t`Known contracts` })}
          hidden={!shown}
        >
          {shown &&
            items.map((item, index) => (
              <li
                key={`${item.userId}/${item.contractId}`}
                className={
                  index === highlightedIndex
                    ? 'combobox__item combobox__item--active contract-suggestion'
                    : 'combobox__item contract-suggestion'
                }
                {...getItemProps({ item, index })}
              >
                <span>{item.title}</span>
                {item.subtitle && <span className="contract-suggestion__detail">{item.subtitle}</span>}
              </li>
            ))}
        </ul>
      </div>
      {/* Said once the suggestions are there (a listbox opening is not announced by every reader). */}
      <span id={statusId} className="visually-hidden" aria-live="polite">
        {shown
          ? plural(items.length, {
              one: '# known contract: use the arrow keys to choose it.',
              other: '# known contracts: use the arrow keys to choose one.',
            })
          : ''}
      </span>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
