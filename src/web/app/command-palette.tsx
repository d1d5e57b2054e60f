import { useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SessionUser } from '../../contract/bff-api.ts';
import { readRecentContracts } from '../lib/recent-contracts.ts';
import { paletteCommands, type PaletteCommand } from './palette-commands.ts';

const GROUP_ORDER: PaletteCommand['group'][] = ['Contracts', 'Checks', 'Recent contracts', 'Pages'];

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
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const commands = useMemo(() => paletteCommands(user, query, readRecentContracts()), [user, query]);
  const run = (command: PaletteCommand) => {
    onOpenChange(false);
    setQuery('');
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
      aria-label="Command palette"
      onClose={() => onOpenChange(false)}
      // A click on the backdrop (the dialog element itself, outside its content) closes it.
      onClick={(event) => {
        if (event.target === dialog.current) onOpenChange(false);
      }}
    >
      <Command label="Command palette" shouldFilter={false}>
        <Command.Input
          value={query}
          onValueChange={setQuery}
          placeholder="Go to a page, P1000/C1000, check IBAN …"
          aria-label="Command"
          ref={input}
        />
        <Command.List>
          <Command.Empty>
            Nothing matches. Try a page name, a contract like P1000/C1000, or an IBAN.
          </Command.Empty>
          {GROUP_ORDER.map((group) => {
            const items = commands.filter((command) => command.group === group);
            if (items.length === 0) return null;
            return (
              <Command.Group key={group} heading={group}>
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
