import { useLingui } from '@lingui/react/macro';
import { Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { SessionUser } from '../../contract/bff-api.ts';
import { EnvironmentBadge } from '../components/environment-badge.tsx';
import { ROLE_LABELS } from '../lib/role-label.ts';
import { useSignOut } from '../lib/session/sign-out.ts';
import { LanguageSelect } from '../i18n/language-select.tsx';
import { MainNavigation, MenuButton } from './main-navigation.tsx';
import { RoutePending } from './route-pending.tsx';

// The palette's words for records come with it; without them it still opens (with English words).
const CommandPalette = lazy(() =>
  import('./command-palette.tsx').then(async (module) => {
    await module.loadPaletteSearchWords().catch(() => undefined);
    return { default: module.CommandPalette };
  }),
);
// Signed in with a temporary password: the change is all the console offers (the BFF refuses the rest).
const PasswordChangeRequired = lazy(() =>
  import('../features/account/password-change-required.tsx').then(async (module) => {
    await module.loadAccountCatalogue();
    return { default: module.PasswordChangeRequired };
  }),
);
const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function AppLayout({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const shownName = user.displayName ?? user.username;
  const locked = user.must_change_password === true;
  const signOut = useSignOut();
  const [paletteOpen, setPaletteOpen] = useState(false);
  // Mounted from the first opening on (the chunk loads then), so it keeps its place afterwards.
  const [paletteUsed, setPaletteUsed] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        setPaletteUsed(true);
        setPaletteOpen((open) => !open);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <div className={`shell shell--${user.environment}${locked ? ' shell--single' : ''}`}>
      {paletteUsed && !locked && (
        <Suspense fallback={null}>
          <CommandPalette user={user} open={paletteOpen} onOpenChange={setPaletteOpen} />
        </Suspense>
      )}
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      <header className="topbar">
        {!locked && (
          <MenuButton
            user={user}
            open={menuOpen}
            onToggle={() => setMenuOpen((open) => !open)}
            buttonRef={menuButton}
          />
        )}
        <span className="brand">energy-console</span>
        <EnvironmentBadge environment={user.environment} />
        <span className="user" data-testid="current-user">
          {locked ? (
            shownName
          ) : (
            <Link
              to="/account"
              className="user__account"
              title={user.displayName ? user.username : undefined}
              aria-label={t`Your account: ${shownName}`}
            >
              {shownName}
            </Link>
          )}{' '}
          <span className="role">({t(ROLE_LABELS[user.role])})</span>
        </span>
        {!locked && (
          <button
            type="button"
            className="button button--secondary palette-button"
            aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
            onClick={() => {
              setPaletteUsed(true);
              setPaletteOpen(true);
            }}
          >
            {t`Commands`} <kbd>{isMac ? '⌘K' : 'Ctrl+K'}</kbd>
          </button>
        )}
        <button
          type="button"
          className="button button--secondary sign-out-button"
          onClick={() => signOut.mutate(undefined, { onSuccess: (next) => window.location.assign(next) })}
          disabled={signOut.isPending}
        >
          {t`Sign out`}
        </button>
        {signOut.isError && (
          <p className="field-error sign-out-error" role="alert">
            {signOut.error.message}
          </p>
        )}
        <LanguageSelect />
      </header>
      {!locked && (
        <MainNavigation user={user} menuOpen={menuOpen} onCloseMenu={closeMenu} menuButtonRef={menuButton} />
      )}
      <main id="main" className="content" tabIndex={-1}>
        {/* A page that suspends (its code still loading) keeps the shell on screen. */}
        <Suspense fallback={<RoutePending />}>
          {locked ? <PasswordChangeRequired username={user.username} /> : <Outlet />}
        </Suspense>
      </main>
    </div>
  );
}
