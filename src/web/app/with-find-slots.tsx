import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';

/**
 * A write form's page with what finding things adds to it (contract suggestions, warnings before
 * sending), composed here because features never import each other. Both load with the page, and the
 * feature's words before it renders (the shell loads none of them).
 */
export function withFindSlots(page: () => Promise<ComponentType>) {
  return lazyRouteComponent(async () => {
    const [Page, { FindSlots, loadFindCatalogue }] = await Promise.all([page(), import('./find-slots.tsx')]);
    await loadFindCatalogue();
    return {
      default: function PageWithFindSlots() {
        return (
          <FindSlots>
            <Page />
          </FindSlots>
        );
      },
    };
  }, 'default');
}
