import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A link to a console page given as a path by the BFF (`/consumers/K-100234`): a real link (open in a new
 * tab works), followed inside the app on a plain click.
 */
export function RecordLink({ url, children }: { url: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <a
      href={url}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate({ href: url });
      }}
    >
      {children}
    </a>
  );
}
