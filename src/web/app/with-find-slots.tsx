import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';

/**
 * A write form's page with what finding things adds to it (contract suggestions, warnings before
 * sending), composed here because features never import each other. Both load with the page's chunk
 * (the shell loads neither); the route's loader brings their words (loadFindCatalogue).
 */
export function withFindSlots(page: () => Promise<ComponentType>) {
  return lazyRouteComponent(async () => {
    const [Page, { FindSlots }] = await Promise.all([page(), import('./find-slots.tsx')]);
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
