import { t as globalT } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type RefObject } from 'react';
import type { SessionUser } from '../../contract/bff-api.ts';
import { canWrite } from '../../contract/bff-basics.ts';
import { useDecisionsForMe } from '../features/approvals/api/decisions-for-me.ts';
import { usePendingApprovalCount } from '../features/approvals/api/get-pending-approval-count.ts';
import { formatNumber } from '../lib/format-number.ts';
import { navigationFor, type NavItem } from './navigation.ts';

export const NAVIGATION_ID = 'main-navigation';

/**
 * The top bar's "Menu" disclosure: shown only below 900 px (styles.css), where the navigation hides
 * behind it so the page's title is in the first screenful.
 */
export function MenuButton({
  user,
  open,
  onToggle,
  buttonRef,
}: {
  user: SessionUser;
  open: boolean;
  onToggle: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useLingui();
  // The navigation's count is behind the button on a phone: the button shows it too (one query for both).
  const pendingApprovals = usePendingApprovalCount({ enabled: canWrite(user.role) }).data ?? 0;
  const decidedForMe = useDecisionsForMe({ enabled: canWrite(user.role) }).data?.unseen ?? 0;
  const pending = formatNumber(pendingApprovals);
  return (
    <button
      ref={buttonRef}
      type="button"
      className="button button--secondary menu-button"
      aria-expanded={open}
      aria-controls={NAVIGATION_ID}
      onClick={onToggle}
    >
      <span aria-hidden="true">☰</span> {t`Menu`}
      {pendingApprovals > 0 && (
        <>
          <span className="nav-counter" aria-hidden="true">
            {pending}
          </span>
          <span className="visually-hidden">{t`, ${pending} approvals pending`}</span>
        </>
      )}
      {decidedForMe > 0 && (
        <>
          <span className="nav-counter nav-counter--news" aria-hidden="true">
            ✓{formatNumber(decidedForMe)}
          </span>
          <span className="visually-hidden">{decidedNote(decidedForMe)}</span>
        </>
      )}
    </button>
  );
}

/**
 * The side navigation; below 900 px it shows only while the menu is open. Opening moves the focus to
 * its first link; Escape closes it and gives the focus back to the Menu button; choosing a link closes it
 * and moves the focus to the page's content.
 */
export function MainNavigation({
  user,
  menuOpen,
  onCloseMenu,
  menuButtonRef,
}: {
  user: SessionUser;
  menuOpen: boolean;
  onCloseMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useLingui();
  const nav = useRef<HTMLElement>(null);
  const pendingApprovals = usePendingApprovalCount({ enabled: canWrite(user.role) }).data ?? 0;
  const decidedForMe = useDecisionsForMe({ enabled: canWrite(user.role) }).data?.unseen ?? 0;
  const counterOf = (item: NavItem) => (item.counter === 'pendingApprovals' ? pendingApprovals : 0);
  const newsOf = (item: NavItem) => (item.counter === 'pendingApprovals' ? decidedForMe : 0);
  // The link's accessible name with its counts: "Approvals, 3 pending, 1 of your requests decided" (the numbers
  // themselves are hidden from it).
  const countedLabel = (item: NavItem) => {
    const label = t(item.label);
    const parts = [label];
    if (counterOf(item) > 0) {
      const pending = formatNumber(counterOf(item));
      parts[0] = t`${label}, ${pending} pending`;
    }
    if (newsOf(item) > 0) parts.push(decidedNote(newsOf(item)));
    return parts.join('');
  };
  useEffect(() => {
    if (menuOpen) nav.current?.querySelector('a')?.focus();
  }, [menuOpen]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Only while the focus is in the menu or on its button: Escape in a page's own field is that field's.
      const focused = document.activeElement;
      if (focused !== menuButtonRef.current && !nav.current?.contains(focused)) return;
      onCloseMenu();
      menuButtonRef.current?.focus();
    };
    // Widened past 900 px, the navigation is the side bar again: the menu is no longer open.
    const wide = window.matchMedia('(min-width: 900px)');
    const onWidthChange = () => {
      if (wide.matches) onCloseMenu();
    };
    document.addEventListener('keydown', onKeyDown);
    wide.addEventListener('change', onWidthChange);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      wide.removeEventListener('change', onWidthChange);
    };
  }, [menuOpen, onCloseMenu, menuButtonRef]);
  return (
    <nav
      ref={nav}
      id={NAVIGATION_ID}
      className={`sidenav${menuOpen ? ' sidenav--open' : ''}`}
      aria-label={t`Main`}
    >
      {navigationFor(user).map((group) => (
        <div key={group.group.id} className="sidenav__group">
          <h2 className="sidenav__heading">{t(group.group)}</h2>
          <ul>
            {group.items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  activeProps={{ 'aria-current': 'page', className: 'active' }}
                  {...(counterOf(item) > 0 || newsOf(item) > 0 ? { 'aria-label': countedLabel(item) } : {})}
                  onClick={() => {
                    if (!menuOpen) return;
                    // The link hides with the menu: the focus goes to the page it opens, not to <body>.
                    onCloseMenu();
                    document.getElementById('main')?.focus();
                  }}
                >
                  {t(item.label)}
                  {counterOf(item) > 0 && (
                    <span className="nav-counter" aria-hidden="true">
                      {formatNumber(counterOf(item))}
                    </span>
                  )}
                  {newsOf(item) > 0 && (
                    <span
                      className="nav-counter nav-counter--news"
                      aria-hidden="true"
                      title={decidedNote(newsOf(item))}
                    >
                      ✓{formatNumber(newsOf(item))}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {/* Said once when one of the user's requests is decided while they work (the link's name says it too). */}
      <p role="status" className="visually-hidden" data-testid="decided-for-me-announcement">
        {decidedForMe > 0
          ? t`Approvals: ${formatNumber(decidedForMe)} of your requests decided since you last looked.`
          : ''}
      </p>
    </nav>
  );
}

/** ", 1 of your requests decided": part of the Approvals link's name and of the Menu button's. */
function decidedNote(count: number): string {
  const decided = formatNumber(count);
  return globalT`, ${decided} of your requests decided since you last looked`;
}
