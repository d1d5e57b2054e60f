import { getRouteApi } from '@tanstack/react-router';
import {
  MigrationDerivedFields,
  MigrationRecordSections,
  migrationFieldLabel,
} from '../features/consumer-migration/migration-record-view.tsx';
import { ConsumerPage } from '../features/records/consumer-page.tsx';
import { ContractPage } from '../features/records/contract-page.tsx';
import type { MigrationViews } from '../features/records/migration-views.ts';
import { RecordPage } from '../features/records/record-page.tsx';
import { SharedLinksSection } from '../features/shared-reports/shared-links-section.tsx';

/**
 * The record pages (one lazy chunk), given the migration form's own view of a migration's fields: the
 * consumer's page says exactly what the form and its result say. Composed here, as features do not
 * import each other.
 */
const MIGRATION_VIEWS: MigrationViews = {
  Sections: MigrationRecordSections,
  Derived: MigrationDerivedFields,
  fieldLabel: migrationFieldLabel,
};

const consumerRouteApi = getRouteApi('/console/consumers/$userID');
const contractRouteApi = getRouteApi('/console/producers/$userID/contracts/$contractID');
const recordRouteApi = getRouteApi('/console/records/$id');

export function ConsumerRoutePage() {
  const { userID } = consumerRouteApi.useParams();
  return <ConsumerPage key={userID} userId={userID} views={MIGRATION_VIEWS} />;
}

export function ContractRoutePage() {
  const { userID, contractID } = contractRouteApi.useParams();
  // The contract's shared report links below its records (issue 46).
  return (
    <>
      <ContractPage key={`${userID}/${contractID}`} userId={userID} contractId={contractID} />
      <div className="page page--wide">
        <SharedLinksSection key={`${userID}/${contractID}`} userId={userID} contractId={contractID} />
      </div>
    </>
  );
}

export function RecordRoutePage() {
  const { id } = recordRouteApi.useParams();
  return <RecordPage key={id} id={id} views={MIGRATION_VIEWS} />;
}
