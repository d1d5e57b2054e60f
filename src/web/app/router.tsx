import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  useLocation,
} from '@tanstack/react-router';
import { z } from 'zod';
import { canAdminister, SSO_OUTCOMES } from '../../contract/bff-api.ts';
import { forgetOtherUsersDrafts } from '../lib/draft-store.ts';
import { sessionQueryOptions } from '../lib/session/get-session.ts';
import { useCurrentUser } from '../lib/session/use-current-user.ts';
import { auditSearchSchema } from '../features/admin/audit-search.ts';
import { reportSearchSchema } from '../features/feed-report/data/report-search.ts';
import { approvalsSearchSchema } from '../features/approvals/approvals-search.ts';
import { loadApprovalsCatalogue } from '../features/approvals/approvals-catalogue.ts';
import { loadRecordsCatalogue } from '../features/records/records-catalogue.ts';
import { loadAccountCatalogue } from '../features/account/account-catalogue.ts';
import { loadAdminCatalogue } from '../features/admin/admin-catalogue.ts';
import { loadFeedReportCatalogue } from '../features/feed-report/feed-report-catalogue.ts';
import { loadCharts } from '../features/feed-report/chart/load-charts.ts';
import { reportEntered } from '../features/feed-report/data/report-entered.ts';
import type * as ReportPrefetchModule from '../features/feed-report/data/report-prefetch.ts';
import { migrateSearchSchema } from '../features/consumer-migration/migration-prefill.ts';
import { withFindSlots } from './with-find-slots.tsx';
import { AppLayout } from './app-layout.tsx';
import { RoleRequired } from '../components/role-required.tsx';
import { RoutePending } from './route-pending.tsx';

interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Outside the shell (the address may be anyone's): its own main landmark and the content's margins.
  notFoundComponent: () => (
    <main className="content page">
      <h1>{t`Page not found`}</h1>
      <p>
        <a href="/">{t`Go to the start page`}</a>
      </p>
    </main>
  ),
});

const signInSearchSchema = z.object({
  redirect: z.string().max(2000).optional(),
  expired: z.boolean().optional(),
  /** Why an SSO sign-in came back without a session; anything else is ignored. */
  sso: z.enum(SSO_OUTCOMES).optional().catch(undefined),
});

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: signInSearchSchema,
  // Its own chunk (with the form library): signed-in staff never load it (issue 30's initial-JS budget).
  component: lazyRouteComponent(() => import('../features/auth/sign-in-route.tsx'), 'SignInRoute'),
});

const consoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'console',
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!user) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    // Drafts belong to the person who typed them: a tab whose session ended keeps them for that person's
    // return, but whoever signs in next never sees another's (an IBAN among them).
    forgetOtherUsersDrafts(user.username);
    return { user };
  },
  component: function ConsoleRoute() {
    const user = consoleRoute.useRouteContext({ select: (context) => context.user });
    return <AppLayout user={user} />;
  },
});

const indexRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/tools/validators' });
  },
});

/** A value to check, filled in from the command palette ("check IBAN …"). */
const validatorsSearchSchema = z.object({
  iban: z.string().max(64).optional().catch(undefined),
  marketLocation: z.string().max(32).optional().catch(undefined),
});
const ValidatorsPage = lazyRouteComponent(
  () => import('../features/validators/validators-page.tsx'),
  'ValidatorsPage',
);

const validatorsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/tools/validators',
  validateSearch: validatorsSearchSchema,
  component: function ValidatorsRoute() {
    const search = validatorsRoute.useSearch();
    return <ValidatorsPage fill={search} />;
  },
});

/** `?user=P1000&contract=C1000` opens a page for that producer contract (links from other pages). */
const contractSearchSchema = z.object({
  user: z.string().max(64).optional(),
  contract: z.string().max(64).optional(),
});

/** The charges form; `?reverse={recordId}` fills it with that booking's reversal (from a contract's page). */
const chargesSearchSchema = contractSearchSchema.extend({
  // A number as the router reads `?reverse=42` (kept one, so the address stays as written); anything else
  // as text, for the page to say there is no such booking.
  reverse: z
    .union([z.int().nonnegative(), z.string().max(64)])
    .optional()
    .catch(undefined),
});

// Each page is its own chunk: the sign-in screen and the shell load nothing of the forms.
const migrateConsumerRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/consumers/migrate',
  // A link's delivery address ("migrate another consumer at this address"): validated, else dropped.
  validateSearch: migrateSearchSchema,
  component: withFindSlots(() =>
    import('../features/consumer-migration/migrate-consumer-page.tsx').then(
      (module) => module.MigrateConsumerPage,
    ),
  ),
});

const chargesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/producers/charges',
  validateSearch: chargesSearchSchema,
  // A reversal's notice speaks the record pages' words.
  loaderDeps: ({ search }) => ({ reverse: search.reverse }),
  loader: ({ deps }) => (deps.reverse === undefined ? undefined : loadRecordsCatalogue()),
  component: withFindSlots(() => import('./charges-route.tsx').then((module) => module.ChargesRoutePage)),
});

/*
 * The console's records (issue 29): a consumer, a contract, any record — reached from search and links,
 * not from the navigation; every role reads them (viewers with bank data masked). One chunk for the three.
 */
const consumerRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/consumers/$userID',
  loader: loadRecordsCatalogue,
  component: lazyRouteComponent(() => import('./record-routes.tsx'), 'ConsumerRoutePage'),
});

const contractRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/producers/$userID/contracts/$contractID',
  loader: loadRecordsCatalogue,
  component: lazyRouteComponent(() => import('./record-routes.tsx'), 'ContractRoutePage'),
});

const recordRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/records/$id',
  loader: loadRecordsCatalogue,
  component: lazyRouteComponent(() => import('./record-routes.tsx'), 'RecordRoutePage'),
});

/** A bulk page's URL names the campaign it shows, so its progress survives a reload. */
const bulkSearchSchema = z.object({ campaign: z.uuid().optional().catch(undefined) });
const BulkPage = lazyRouteComponent(() => import('../features/bulk/bulk-page.tsx'), 'BulkPage');

const bulkChargesRoute = createRoute({
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

const bulkMigrationsRoute = createRoute({
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

const technicalResourcesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/master-data/technical-resources',
  component: withFindSlots(() =>
    import('../features/technical-resources/register-technical-resource-page.tsx').then(
      (module) => module.RegisterTechnicalResourcePage,
    ),
  ),
});

const FEED_REPORT_PATH = '/reports/feed-in';
type ReportPrefetch = typeof ReportPrefetchModule;
let reportPrefetch: ReportPrefetch | undefined;
const loadReportPrefetch = () =>
  import('../features/feed-report/data/report-prefetch.ts').then((module) => (reportPrefetch = module));
/**
 * Uses the report's early-fetch code at once when it has loaded (its requests then leave before the page's
 * ~30 chunks take the browser's six connections), else when it arrives; if it cannot load, the page's own
 * fetch asks, and says why if that fails.
 */
function withReportPrefetch(task: (module: ReportPrefetch) => unknown) {
  if (!reportPrefetch) {
    loadReportPrefetch().then(task, () => undefined);
    return;
  }
  try {
    task(reportPrefetch);
  } catch {
    // Run inside the route's beforeLoad: a slip here must not fail the report, whose page asks itself.
  }
}
let reportWasEntered = false;

const feedReportRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: FEED_REPORT_PATH,
  validateSearch: reportSearchSchema,
  // The first feed values are asked for as the report is entered, beside its code (issue 30's first draw).
  beforeLoad: ({ context, search, cause }) => {
    if (cause !== 'enter') return;
    reportWasEntered = true;
    const enteredAt = Date.now();
    reportEntered(enteredAt);
    withReportPrefetch(({ prefetchReportFeed }) =>
      prefetchReportFeed(context.queryClient, search, enteredAt),
    );
  },
  // The charts' library (~83 KB gzip) beside the page's code: the page draws its chart when it arrives.
  loader: () => {
    loadCharts().catch(() => undefined);
    return loadFeedReportCatalogue();
  },
  component: withFindSlots(() =>
    import('../features/feed-report/feed-report-page.tsx').then((module) => module.FeedReportPage),
  ),
});

/** One's own password, passkeys and sessions; every role, SSO staff too. */
const accountRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/account',
  loader: loadAccountCatalogue,
  component: lazyRouteComponent(() => import('../features/account/account-page.tsx'), 'AccountPage'),
});

const approvalsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/approvals',
  validateSearch: approvalsSearchSchema,
  loader: loadApprovalsCatalogue,
  component: lazyRouteComponent(() => import('../features/approvals/approvals-page.tsx'), 'ApprovalsPage'),
});

const ApprovalPage = lazyRouteComponent(
  () => import('../features/approvals/approval-page.tsx'),
  'ApprovalPage',
);

/** One request; an SSO approver who signs in again at the provider comes back here. */
const approvalRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/approvals/$id',
  loader: loadApprovalsCatalogue,
  component: function ApprovalRoute() {
    const { id } = approvalRoute.useParams();
    return <ApprovalPage id={id} />;
  },
});

/** The admin pages: for anyone else, the page says why it is not theirs (never a silent redirect). */
const adminRoute = createRoute({
  getParentRoute: () => consoleRoute,
  id: 'admin',
  component: function AdminOnly() {
    const user = useCurrentUser();
    const pathname = useLocation({ select: (location) => location.pathname });
    if (canAdminister(user.role)) return <Outlet />;
    return pathname.startsWith('/admin/audit') ? (
      <RoleRequired needs="admin" title={t`Audit log of write attempts`} what={t`Reading the audit log`} />
    ) : (
      <RoleRequired needs="admin" title={t`Manage staff accounts`} what={t`Managing staff accounts`} />
    );
  },
});

const accountsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/admin/accounts',
  loader: loadAdminCatalogue,
  component: lazyRouteComponent(() => import('../features/admin/accounts-page.tsx'), 'AccountsPage'),
});

const auditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/admin/audit',
  validateSearch: auditSearchSchema,
  loader: loadAdminCatalogue,
  component: lazyRouteComponent(() => import('../features/admin/audit-page.tsx'), 'AuditPage'),
});

const routeTree = rootRoute.addChildren([
  signInRoute,
  consoleRoute.addChildren([
    indexRoute,
    validatorsRoute,
    migrateConsumerRoute,
    chargesRoute,
    bulkChargesRoute,
    bulkMigrationsRoute,
    technicalResourcesRoute,
    feedReportRoute,
    accountRoute,
    approvalsRoute,
    approvalRoute,
    consumerRoute,
    contractRoute,
    recordRoute,
    adminRoute.addChildren([accountsRoute, auditRoute]),
  ]),
]);

export function createAppRouter(queryClient: QueryClient) {
  // Opened on the report's address: the code of its first fetch loads beside the session check, so the
  // fetch starts as soon as the route is entered.
  if (window.location.pathname === FEED_REPORT_PATH) loadReportPrefetch().catch(() => undefined);
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: false,
    // A page whose code (or session) takes longer than a blink shows the shell and a quiet "Loading…"
    // in the content area instead of a blank window. Its words fade in 0.1 s later still, so a page that
    // arrives by then never flashes them, and it is not held once the page is there.
    defaultPendingComponent: RoutePending,
    defaultPendingMs: 100,
    defaultPendingMinMs: 0,
  });
  // The page's own code loads beside the language catalogue and the session check, not once they are in
  // and the console's route has let it through: on a slow network that was a round trip more before the
  // page could draw (Lighthouse). A failed load is tried again when the route loads it.
  const [matchedRoutes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of matchedRoutes) router.loadRouteChunk(route)?.catch(() => undefined);
  // Leaving the report stops the feed fetches no page reads, also when it is left before its page arrived
  // (the route's onLeave only follows a page that was shown).
  router.subscribe('onResolved', ({ toLocation }) => {
    if (!reportWasEntered || toLocation.pathname === FEED_REPORT_PATH) return;
    reportWasEntered = false;
    withReportPrefetch(({ stopUnreadReportFeeds }) => stopUnreadReportFeeds(queryClient));
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
