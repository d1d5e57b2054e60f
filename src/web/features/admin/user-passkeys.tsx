import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { Passkey } from '../../../contract/passkeys.ts';
import { ConfirmQuestion } from '../../components/confirm-question.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useRemoveUserPasskey, useUserPasskeys } from './api/user-passkeys.ts';

/**
 * An account's passkeys, for an admin: when each was added and last used, and removal after a
 * confirmation — for a lost device, or a passkey someone else added with the person's session.
 */
export function UserPasskeys({ username, onClose }: { username: string; onClose: () => void }) {
  const { t } = useLingui();
  const passkeys = useUserPasskeys(username);
  const remove = useRemoveUserPasskey();
  const [asked, setAsked] = useState<Passkey | null>(null);
  const askedName = asked?.name ?? '';
  const panel = useRef<HTMLElement>(null);
  // Opened from a row of a table that may be long: brought into view and focus.
  useEffect(() => panel.current?.focus(), [username]);
  const confirmRemoval = (passkey: Passkey) =>
    remove.mutate({ username, id: passkey.id }, { onSuccess: () => setAsked(null) });
  return (
    <section
      className="card user-passkeys"
      aria-labelledby="user-passkeys-heading"
      data-testid="user-passkeys"
      tabIndex={-1}
      ref={panel}
    >
      <h3 id="user-passkeys-heading">{t`Passkeys of ${username}`}</h3>
      {passkeys.isPending && <p role="status">{t`Loading passkeys…`}</p>}
      {passkeys.isError && <p role="alert">{passkeys.error.message}</p>}
      {passkeys.data?.length === 0 && <p className="empty">{t`${username} has no passkeys.`}</p>}
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className="passkey-list" aria-label={t`Passkeys of ${username}`}>
          {passkeys.data.map((passkey) => {
            const { name } = passkey;
            const added = formatDateTime(passkey.createdAt);
            const lastUsed = passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : t`never`;
            return (
              <li key={passkey.id} className="passkey-list__item">
                <div className="passkey-list__about">
                  <span className="passkey-list__name">{name}</span>
                  <p className="hint">
                    {t`Added ${added}`} · {t`last used ${lastUsed}`}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t`Remove passkey ${name} of ${username}`}
                  aria-expanded={asked?.id === passkey.id}
                  onClick={() => {
                    remove.reset();
                    setAsked(passkey);
                  }}
                >
                  {t`Remove`}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {asked && (
        <ConfirmQuestion
          testId="confirm-passkey-removal"
          question={t`Remove the passkey “${askedName}” of ${username}? They can no longer sign in or approve with it.`}
          confirm={t`Remove passkey`}
          cancel={t`Keep it`}
          pending={remove.isPending}
          problem={remove.error?.message}
          onConfirm={() => confirmRemoval(asked)}
          onCancel={() => setAsked(null)}
        />
      )}
      <p className="button-row">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t`Close`}
        </button>
      </p>
    </section>
  );
}
