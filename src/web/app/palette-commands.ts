import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { canWrite, type SessionUser } from '../../contract/bff-api.ts';
import { PATH_ID_PATTERN } from '../../contract/api/common.ts';
import type { ContractRef } from '../lib/recent-contracts.ts';
import { navigationFor } from './navigation.ts';

/** One command of the palette: where it goes, under which heading. */
export interface PaletteCommand {
  id: string;
  group: 'Contracts' | 'Checks' | 'Pages' | 'Recent contracts';
  label: string;
  to: string;
  search?: Record<string, string>;
}

const contractCommands = (
  i18n: I18n,
  user: SessionUser,
  ref: ContractRef,
  group: PaletteCommand['group'],
): PaletteCommand[] => {
  const { user: producer, contract } = ref;
  return [
    {
      id: `${group}:report:${ref.user}/${ref.contract}`,
      group,
      label: i18n._(msg`Feed-in report for ${producer}/${contract}`),
      to: '/reports/feed-in',
      search: { user: ref.user, contract: ref.contract },
    },
    ...(canWrite(user.role)
      ? [
          {
            id: `${group}:charge:${ref.user}/${ref.contract}`,
            group,
            label: i18n._(msg`Book a charge or credit on ${producer}/${contract}`),
            to: '/producers/charges',
            search: { user: ref.user, contract: ref.contract },
          },
        ]
      : []),
  ];
};

/** `P1000/C1000`, `P1000 C1000`: a producer and a contract (IDs carry digits; words like "bulk mig" do not). */
function typedContract(query: string): ContractRef | null {
  const parts = query.trim().split(/[\s/]+/);
  const isId = (part: string) => PATH_ID_PATTERN.test(part) && part.length <= 64 && /\d/.test(part);
  if (parts.length !== 2 || !parts.every(isId)) return null;
  return { user: parts[0]!, contract: parts[1]! };
}

/**
 * What the palette offers for what was typed: a contract typed as `P1000/C1000` (or one ID of a recent
 * contract), "check IBAN …" or an IBAN or market location ID as typed, and the pages the user may open.
 */
export function paletteCommands(
  i18n: I18n,
  user: SessionUser,
  query: string,
  recent: readonly ContractRef[],
): PaletteCommand[] {
  const typed = query.trim();
  const needle = typed.toLowerCase();
  const commands: PaletteCommand[] = [];

  const contract = typedContract(typed);
  if (contract) commands.push(...contractCommands(i18n, user, contract, 'Contracts'));
  const matchingRecent = recent.filter(
    (ref) =>
      !needle ||
      ref.user.toLowerCase() === needle ||
      ref.contract.toLowerCase() === needle ||
      `${ref.user}/${ref.contract}`.toLowerCase().includes(needle),
  );
  if (!contract)
    for (const ref of matchingRecent.slice(0, 5))
      commands.push(...contractCommands(i18n, user, ref, 'Recent contracts'));

  // "check iban …" in English, "prüfe iban …" in German, or just "iban …"; each works in both languages.
  const ibanText = typed.replace(/^(?:(?:check|prüfe)\s+)?iban\s*/i, '');
  const iban = ibanText.trim();
  const compactIban = ibanText.replace(/\s+/g, '').toUpperCase();
  // "check iban …", or anything shaped like an IBAN: the validators page says what is wrong with it.
  if (/^(?:(?:check|prüfe)\s+)?iban\b/iu.test(typed) || /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compactIban))
    commands.push({
      id: 'check-iban',
      group: 'Checks',
      label: compactIban ? i18n._(msg`Check IBAN ${iban}`) : i18n._(msg`Check an IBAN`),
      to: '/tools/validators',
      ...(compactIban ? { search: { iban } } : {}),
    });
  const maloText = typed.replace(/^(?:check|prüfe)\s+(?:malo|market\s+location|marktlokation)\s*/i, '');
  if (/^\d{11}$/.test(maloText))
    commands.push({
      id: 'check-malo',
      group: 'Checks',
      label: i18n._(msg`Check market location ${maloText}`),
      to: '/tools/validators',
      search: { marketLocation: maloText },
    });

  // Every typed word in the page's name or group: "bulk mig" finds "Bulk consumer migrations".
  const words = needle.split(/\s+/).filter(Boolean);
  for (const { group, items } of navigationFor(user))
    for (const item of items) {
      const label = i18n._(item.label);
      if (words.every((word) => `${i18n._(group)} ${label}`.toLowerCase().includes(word)))
        commands.push({ id: `page:${item.to}`, group: 'Pages', label, to: item.to });
    }
  // One's own account is reached from the top bar, not the navigation: found by its name or what it holds.
  const account = i18n._(msg`Your account`);
  const accountWords = `${account} ${i18n._(msg`password passkeys sessions`)}`.toLowerCase();
  if (words.length > 0 && words.every((word) => accountWords.includes(word)))
    commands.push({ id: 'page:/account', group: 'Pages', label: account, to: '/account' });
  return commands;
}
