import { useEffect, type RefObject } from 'react';

const SELECTED_OPTION = '[role="option"][aria-selected="true"]';

/**
 * Keeps `aria-activedescendant` on a cmdk combobox (its input and its listbox) naming the option that is
 * highlighted now, or absent when none is. cmdk 1.1.1 writes it only when the highlight moves by
 * keyboard or pointer: with a controlled value, or options replaced as results arrive, it keeps naming an
 * option that is gone (axe: aria-valid-attr-value) or another than Enter would choose (dip/cmdk#413,
 * fix pending in #411). cmdk sets the attribute after its own props, so it cannot be passed in; it is
 * mended here after every change cmdk makes to the options or the attribute.
 */
export function useTrueActiveDescendant(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const mend = () => {
      const selectedId = element.querySelector(SELECTED_OPTION)?.id ?? '';
      const pointers = [...element.querySelectorAll<HTMLElement>(`[role="combobox"], [role="listbox"]`)];
      for (const pointer of pointers) {
        const current = pointer.getAttribute('aria-activedescendant') ?? '';
        if (current === selectedId) continue;
        if (selectedId === '') pointer.removeAttribute('aria-activedescendant');
        else pointer.setAttribute('aria-activedescendant', selectedId);
      }
    };
    mend();
    const observer = new MutationObserver(mend);
    observer.observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-selected', 'aria-activedescendant', 'id'],
    });
    return () => observer.disconnect();
  }, [root]);
}
