import type { ComponentType } from 'react';
import { ShareReportPanel } from '../features/shared-reports/share-report-panel.tsx';
import { ReportSlotsContext, type ReportSlots } from '../lib/report-slots.ts';

/**
 * "Share outside the console" among the feed-in report's actions (issue 46): composed here, as features do
 * not import each other. The report hands it the report as shown, so the link fixes exactly that.
 */
const REPORT_SLOTS: ReportSlots = { ShareAction: ShareReportPanel };

export function withReportSharing(Page: ComponentType): ComponentType {
  return function ReportWithSharing() {
    return (
      <ReportSlotsContext value={REPORT_SLOTS}>
        <Page />
      </ReportSlotsContext>
    );
  };
}
