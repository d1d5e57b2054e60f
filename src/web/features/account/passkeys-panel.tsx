import { useLingui } from '@lingui/react/macro';
import { use, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { passkeyNameSchema, type Passkey, type PasskeysUnavailable } from '../../../contract/passkeys.ts';
import { FormField } from '../../components/form-field.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { browserSupportsPasskeys } from '../../lib/passkey-support.ts';
import { passkeyAnswer, passkeyProblem } from './passkey-answers.ts';
import { loadAccountCatalogue } from './account-catalogue.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from './api/passkeys.ts';

/** The name's problem in the UI language, or undefined when it will do. */
function nameProblem(name: string): string | undefined {
  const checked = passkeyNameSchema.safeParse(name);
  const message = checked.error?.issues[0]?.message;
  return message === undefined ? undefined : passkeyAnswer(message);
}

/**
 * The signed-in person's passkeys: listed with when each was added and last used, added under a name,
 * renamed, removed after a confirmation. Says plainly when passkeys cannot be used here.
 */
export function PasskeysPanel() {
  // The account page's words (its route loads them); it suspends until they are there if shown first.
  use(loadAccountCatalogue());
  const { t } = useLingui();
  const passkeys = usePasskeys();
  const unavailable = passkeys.data?.unavailable ?? null;
  return (
    <section className="card passkeys" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t`Passkeys`}</h2>
      <p className="hint">
        {t`Sign in with your device’s fingerprint, face or PIN instead of your password. For five minutes after such a sign-in, approving needs no password.`}
      </p>
      {passkeys.isPending && <p role="status">{t`Loading passkeys…`}</p>}
      {passkeys.isError && <p role="alert">{passkeyProblem(passkeys.error)}</p>}
      {unavailable && <UnavailableNotice reason={unavailable} />}
      {passkeys.data && unavailable !== 'sso' && <PasskeyList passkeys={passkeys.data.passkeys} />}
      {passkeys.data && !unavailable && <AddPasskeyForm />}
    </section>
  );
}

/**
 * The console's address as `localhost` when it is reached at a loopback IP address (`http://127.0.0.1:PORT`): the
 * same console there has passkeys (browsers refuse an IP address for them). Null for any other address.
 */
export function localhostAddressOf({
  hostname,
  port,
  protocol,
}: Pick<Location, 'hostname' | 'port' | 'protocol'>) {
  return /^127\.|^\[::1\]$/.test(hostname) ? `${protocol}//localhost${port ? `:${port}` : ''}` : null;
}

function UnavailableNotice({ reason }: { reason: PasskeysUnavailable }) {
  const { t } = useLingui();
  const text: Record<PasskeysUnavailable, string> = {
    sso: t`You sign in through your company’s sign-in service, which keeps your credentials: passkeys are set up there, not here.`,
    'host-name': t`Passkeys need a host name: this console is reached by an IP address, which browsers refuse for passkeys. Your administrator can set BFF_PUBLIC_URL to an address with a host name.`,
    'local-accounts-off': t`Local accounts are turned off here: sign in with SSO.`,
  };
  const local = localhostAddressOf(window.location);
  return (
    <p className="notice" data-testid="passkeys-unavailable">
      {reason === 'host-name' && local ? (
        <>
          {t`Passkeys need a host name: open this console at`} <a href={local}>{local}</a>
        </>
      ) : (
        text[reason]
      )}
    </p>
  );
}

function PasskeyList({ passkeys }: { passkeys: Passkey[] }) {
  const { t } = useLingui();
  if (passkeys.length === 0) return <p className="empty">{t`You have no passkeys yet.`}</p>;
  return (
    <ul className="passkey-list" aria-label={t`Your passkeys`}>
      {passkeys.map((passkey) => (
        <PasskeyItem key={passkey.id} passkey={passkey} />
      ))}
    </ul>
  );
}

function PasskeyItem({ passkey }: { passkey: Passkey }) {
  const { t } = useLingui();
  const [renaming, setRenaming] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const { name } = passkey;
  const added = formatDateTime(passkey.createdAt);
  const lastUsed = passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : t`never`;
  // When the rename form closes, focus returns to the button that opened it (the form's are gone).
  const refocusRename = useRef(false);
  useEffect(() => {
    if (renaming || !refocusRename.current) return;
    refocusRename.current = false;
    renameButton.current?.focus();
  }, [renaming]);
  const backToRename = () => {
    refocusRename.current = true;
    setRenaming(false);
  };
  return (
    <li className="passkey-list__item">
      {renaming ? (
        <RenameForm passkey={passkey} onDone={backToRename} />
      ) : (
        <>
          <div className="passkey-list__about">
            <span className="passkey-list__name">{name}</span>{' '}
            {passkey.backedUp && <span className="tag">{t`synced`}</span>}
            <p className="hint">
              {t`Added ${added}`} · {t`last used ${lastUsed}`}
            </p>
          </div>
          <div className="button-row">
            <button
              ref={renameButton}
              type="button"
              className="button button--secondary"
              aria-label={t`Rename passkey ${name}`}
              onClick={() => setRenaming(true)}
            >
              {t`Rename`}
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-label={t`Remove passkey ${name}`}
              onClick={() => setConfirmingRemoval(true)}
            >
              {t`Remove`}
            </button>
          </div>
        </>
      )}
      {confirmingRemoval && <RemoveDialog passkey={passkey} onClose={() => setConfirmingRemoval(false)} />}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name);
    setError(problem);
    if (problem) return;
    rename.mutate({ id: passkey.id, name: name.trim() }, { onSuccess: onDone });
  };
  const oldName = passkey.name;
  return (
    <form className="passkey-list__rename" onSubmit={submit} noValidate>
      <FormField
        id={`${id}-name`}
        label={t`New name for ${oldName}`}
        error={error ?? (rename.isError ? passkeyProblem(rename.error) : undefined)}
      >
        {(aria) => (
          <input
            {...aria}
            autoComplete="off"
            autoFocus
            maxLength={64}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <div className="button-row">
        <button type="submit" className="button" disabled={rename.isPending}>
          {t`Save name`}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t`Cancel`}
        </button>
      </div>
    </form>
  );
}

/** Asks before removing; a modal <dialog>, so focus and Escape behave natively. */
function RemoveDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const remove = useRemovePasskey();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const { name } = passkey;
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{t`Remove the passkey “${name}”?`}</h2>
      <p>
        {t`You can no longer sign in with it here. It stays on the device until you delete it there too.`}
      </p>
      {remove.isError && <p role="alert">{passkeyProblem(remove.error)}</p>}
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={onClose} autoFocus>
          {t`Keep it`}
        </button>
        <button
          type="button"
          className="button"
          disabled={remove.isPending}
          onClick={() => remove.mutate(passkey.id, { onSuccess: onClose })}
        >
          {t`Remove passkey`}
        </button>
      </div>
    </dialog>
  );
}

function AddPasskeyForm() {
  const { t } = useLingui();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const [added, setAdded] = useState<string>();
  if (!browserSupportsPasskeys()) return <p className="notice">{t`This browser cannot use passkeys.`}</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(undefined);
    const problem = nameProblem(name);
    setError(problem);
    // A passkey signs in and approves without the password: adding one proves the password first.
    const missingPassword = password ? undefined : t`Enter your current password to add a passkey.`;
    setPasswordError(missingPassword);
    if (problem || missingPassword) return;
    add.mutate(
      { name: name.trim(), password },
      {
        onSuccess: (passkey) => {
          setAdded(passkey.name);
          setName('');
        },
        // Not kept after an attempt: typed again for the next one.
        onSettled: () => setPassword(''),
      },
    );
  };

  return (
    <form className="passkeys__add" onSubmit={submit} noValidate>
      <FormField
        id="new-passkey-name"
        label={t`Name of the new passkey`}
        hint={t`Say which device or key it is, such as “Work laptop” or “Security key”.`}
        error={error}
      >
        {(aria) => (
          <input
            {...aria}
            autoComplete="off"
            maxLength={64}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        id="new-passkey-password"
        label={t`Your current password`}
        hint={t`Asked for each new passkey, so that nobody else who has your session can add one.`}
        error={passwordError}
      >
        {(aria) => (
          <input
            {...aria}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="button" disabled={add.isPending}>
        {add.isPending ? t`Waiting for your device…` : t`Add a passkey`}
      </button>
      {added !== undefined && <p role="status">{t`Passkey “${added}” added.`}</p>}
      {/* The server's refusal of the password (403, 429) too: announced, under the button. */}
      {add.isError && (
        <p className="field-error" role="alert">
          {passkeyProblem(add.error)}
        </p>
      )}
    </form>
  );
}
