import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';

/**
 * A reset's temporary password, shown once (the server keeps only its hash): with a copy button, and
 * what the admin tells the person.
 */
export function TemporaryPassword({
  username,
  password,
  onDone,
}: {
  username: string;
  password: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  // Below a table that may be long: shown once, so brought into view and focus at once.
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      className="card temporary-password"
      role="status"
      data-testid="temporary-password"
      tabIndex={-1}
      ref={panel}
    >
      <p>
        {t`Temporary password for ${username}:`} <code className="temporary-password__value">{password}</code>
      </p>
      <p className="hint">
        {t`Shown only now. Give it to ${username} in person or by phone, not by email. Their sessions have ended; at the next sign-in they must choose their own password.`}
      </p>
      <p className="button-row">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void navigator.clipboard?.writeText(password).then(() => setCopied(true))}
        >
          {copied ? t`Copied` : t`Copy password`}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t`Done, hide it`}
        </button>
      </p>
    </div>
  );
}
