import { lazyRouteComponent } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { loadFindCatalogue } from '../features/find/find-catalogue.ts';

/**
 * A write form's page with what finding things adds to it (contract suggestions, warnings before
 * sending), composed here because features never import each other. Both load with the page, and the
 * feature's words before it renders (the shell loads none of them).
 */
export function withFindSlots(page: () => Promise<ComponentType>) {
  return lazyRouteComponent(async () => {
    const [Page, { FindSlots }] = await Promise.all([
      page(),
      import('./find-slots.tsx'),
      // Beside the page's code, not after it: on a slow network the words were asked for only once the
      // report's chart library had arrived, and then only once the loader's own chunk had (issue 30).
      loadFindCatalogue(),
    ]);
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
