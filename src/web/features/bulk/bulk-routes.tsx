import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { consoleRoute } from '../../app/console-route.tsx';

/** A bulk page's URL names the campaign it shows, so its progress survives a reload. */
const bulkSearchSchema = z.object({ campaign: z.catch(z.optional(z.uuid()), undefined) });
/** One page (and chunk) for both kinds of campaign, so one file for both routes. */
const BulkPage = lazyRouteComponent(() => import('./bulk-page.tsx'), 'BulkPage');

export const bulkChargesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/bulk/charges',
  validateSearch: bulkSearchSchema,
  component: function BulkChargesRoute() {
    const search = bulkChargesRoute.useSearch();
    const navigate = bulkChargesRoute.useNavigate();
    return (
      <BulkPage
        kind="charges"
        campaignId={search.campaign}
        onOpenCampaign={(campaign) => void navigate({ search: { campaign } })}
      />
    );
  },
});

export const bulkMigrationsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/bulk/migrations',
  validateSearch: bulkSearchSchema,
  component: function BulkMigrationsRoute() {
    const search = bulkMigrationsRoute.useSearch();
    const navigate = bulkMigrationsRoute.useNavigate();
    return (
      <BulkPage
        kind="migrations"
        campaignId={search.campaign}
        onOpenCampaign={(campaign) => void navigate({ search: { campaign } })}
      />
    );
  },
});
