import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';

/**
 * A link to `…#booking-42` (from search) shows that booking once the page's data is there: the browser's
 * own jump happened before the element existed. It is scrolled to and takes the focus (its element is
 * focusable), so keyboard and screen-reader users start there too.
 */
export function useAnchorFocus(ready: boolean) {
  const hash = useLocation({ select: (location) => location.hash });
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(hash);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [ready, hash]);
}
