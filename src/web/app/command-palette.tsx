import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import { useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../contract/bff-api.ts';
import {
  PaletteRecords,
  PaletteSearchStatus,
  recordValue,
  usePaletteSearch,
} from '../features/find/palette-search.tsx';
import { readRecentContracts } from '../lib/recent-contracts.ts';
import { useTrueActiveDescendant } from '../lib/use-true-active-descendant.ts';
import { paletteCommands, type PaletteCommand } from './palette-commands.ts';

export { loadPaletteSearchWords } from '../features/find/palette-search.tsx';

/** What was typed exactly (a contract, a check) first, then the records, then the rest. */
const GROUP_ORDER: PaletteCommand['group'][] = ['Contracts', 'Checks', 'Recent contracts', 'Pages'];
const BEFORE_RECORDS: readonly PaletteCommand['group'][] = ['Contracts', 'Checks'];
const GROUP_HEADINGS = {
  Contracts: msg`Contracts`,
  Checks: msg`Checks`,
  'Recent contracts': msg`Recent contracts`,
  Pages: msg`Pages`,
};

/**
 * Ctrl+K / ⌘K: go anywhere from the keyboard, and find the console's records (consumers, contracts,
 * bookings, technical resources) as you type; with nothing typed, the most recent records come first. cmdk's accessible combobox and listbox in the browser's own
 * modal `<dialog>` (focus kept inside, Escape closes, the page behind inert): cmdk's Radix dialog injects
 * a `<style>` element for its scroll lock, which the console's CSP refuses. Loaded on first use.
 */
export function CommandPalette({
  user,
  open,
  onOpenChange,
}: {
  user: SessionUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  // Not memoised: the i18n instance stays the same when the language changes, and this is cheap.
  const commands = paletteCommands(i18n, user, query, readRecentContracts());
  const search = usePaletteSearch(query);
  // The highlighted option, held here: when the records arrive above the highlighted first option,
  // the new first option is highlighted (cmdk would keep the old one, now further down). A highlight
  // moved with the arrow keys stays where staff put it.
  const [selected, setSelected] = useState('');
  const firstValue =
    commands.find((command) => BEFORE_RECORDS.includes(command.group))?.id ??
    (search.results[0] ? recordValue(search.results[0]) : commands[0]?.id) ??
    '';
  const [shown, setShown] = useState({ results: search.results, first: firstValue });
  if (shown.results !== search.results) {
    setShown({ results: search.results, first: firstValue });
    if (selected === '' || selected === shown.first) setSelected(firstValue);
  }
  const close = () => {
    onOpenChange(false);
    setQuery('');
  };
  const run = (command: PaletteCommand) => {
    close();
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- every command's target is one of the router's own paths (navigation.ts, palette-commands.ts) with only the search keys its route's schema reads; the list is built at run time, so its type is wider than navigate's per-route types
    void navigate({ to: command.to, ...(command.search ? { search: command.search } : {}) } as never);
  };
  const openRecord = (url: string) => {
    // Results for an earlier text (Enter right after a keystroke): wait for the answer to what is typed.
    if (!search.current) return;
    close();
    // A record's page, as the BFF names it (`/consumers/K-100234`, `…/contracts/C1000#booking-7`).
    void navigate({ href: url });
  };
  const group = (name: PaletteCommand['group']) => {
    const items = commands.filter((command) => command.group === name);
    if (items.length === 0) return null;
    return (
      <Command.Group key={name} heading={t(GROUP_HEADINGS[name])}>
        {items.map((command) => (
          <Command.Item key={command.id} value={command.id} onSelect={() => run(command)}>
            {command.label}
          </Command.Item>
        ))}
      </Command.Group>
    );
  };
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  useTrueActiveDescendant(root);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      input.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="palette"
      aria-label={t`Command palette`}
      onClose={() => onOpenChange(false)}
      // A click on the backdrop (the dialog element itself, outside its content) closes it.
      onClick={(event) => {
        if (event.target === dialog.current) onOpenChange(false);
      }}
    >
      <Command
        ref={root}
        label={t`Command palette`}
        shouldFilter={false}
        value={selected}
        onValueChange={setSelected}
      >
        <Command.Input
          value={query}
          onValueChange={setQuery}
          placeholder={t`Go to a page, P1000/C1000, check IBAN …`}
          aria-label={t`Command`}
          ref={input}
        />
        <Command.List label={t`Suggestions`}>
          <Command.Empty>
            {t`Nothing matches. Try a page name, a contract like P1000/C1000, or an IBAN.`}
          </Command.Empty>
          {BEFORE_RECORDS.map(group)}
          <PaletteRecords search={search} onChoose={openRecord} />
          {GROUP_ORDER.filter((name) => !BEFORE_RECORDS.includes(name)).map(group)}
        </Command.List>
        <PaletteSearchStatus search={search} typed={query} />
      </Command>
    </dialog>
  );
}
