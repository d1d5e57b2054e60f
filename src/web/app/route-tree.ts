import { accountRoute } from '../features/account/account-route.tsx';
import { accountsRoute } from '../features/admin/accounts-route.tsx';
import { adminRoute } from './admin-route.tsx';
import { auditRoute } from '../features/admin/audit-route.tsx';
import { approvalRoute } from '../features/approvals/approval-route.tsx';
import { approvalsRoute } from '../features/approvals/approvals-route.tsx';
import { signInRoute } from '../features/auth/sign-in-route.tsx';
import { bulkChargesRoute, bulkMigrationsRoute } from '../features/bulk/bulk-routes.tsx';
import { validatorsRoute } from '../features/validators/validators-route.tsx';
import { chargesRoute } from './charges-route.tsx';
import { consoleRoute } from './console-route.tsx';
import { feedReportRoute } from './feed-report-route.tsx';
import { indexRoute } from './index-route.tsx';
import { migrateConsumerRoute } from './migrate-consumer-route.tsx';
import { consumerRoute, contractRoute, recordRoute } from './record-routes.tsx';
import { rootRoute } from './root-route.tsx';
import { technicalResourcesRoute } from './technical-resources-route.tsx';

/**
 * The console's addresses. A route whose page is one feature's lives beside it; a route that composes
 * features (a form with the find slots, a page with another feature's views) lives here in the app.
 * Each page is its own chunk: the sign-in screen and the shell load nothing of the forms.
 */
export const routeTree = rootRoute.addChildren([
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
