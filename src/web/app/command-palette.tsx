import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import { useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../contract/bff-api.ts';
import { readRecentContracts } from '../lib/recent-contracts.ts';
import { paletteCommands, type PaletteCommand } from './palette-commands.ts';

const GROUP_ORDER: PaletteCommand['group'][] = ['Contracts', 'Checks', 'Recent contracts', 'Pages'];
const GROUP_HEADINGS = {
  Contracts: msg`Contracts`,
  Checks: msg`Checks`,
  'Recent contracts': msg`Recent contracts`,
  Pages: msg`Pages`,
};

/**
 * Ctrl+K / ⌘K: go anywhere from the keyboard. cmdk's accessible combobox and listbox in the browser's own
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
  const run = (command: PaletteCommand) => {
    onOpenChange(false);
    setQuery('');
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- every command's target is one of the router's own paths (navigation.ts, palette-commands.ts) with only the search keys its route's schema reads; the list is built at run time, so its type is wider than navigate's per-route types
    void navigate({ to: command.to, ...(command.search ? { search: command.search } : {}) } as never);
  };
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
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
      <Command label={t`Command palette`} shouldFilter={false}>
        <Command.Input
          value={query}
          onValueChange={setQuery}
          placeholder={t`Go to a page, P1000/C1000, check IBAN …`}
          aria-label={t`Command`}
          ref={input}
        />
        <Command.List>
          <Command.Empty>
            {t`Nothing matches. Try a page name, a contract like P1000/C1000, or an IBAN.`}
          </Command.Empty>
          {GROUP_ORDER.map((group) => {
            const items = commands.filter((command) => command.group === group);
            if (items.length === 0) return null;
            return (
              <Command.Group key={group} heading={t(GROUP_HEADINGS[group])}>
                {items.map((command) => (
                  <Command.Item key={command.id} value={command.id} onSelect={() => run(command)}>
                    {command.label}
                  </Command.Item>
                ))}
              </Command.Group>
            );
          })}
        </Command.List>
      </Command>
    </dialog>
  );
}
