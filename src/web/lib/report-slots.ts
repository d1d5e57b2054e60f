import { createContext, useContext, type ComponentType } from 'react';
import type { CreateSharedReport } from '../../contract/shared-reports.ts';

/** The report as the page shows it: what a link made from it fixes (issue 46). */
export type ShownReport = Omit<CreateSharedReport, 'expires_at' | 'note'>;

/**
 * Parts of the feed-in report that another feature supplies, composed by the app as the write forms' slots
 * are (form-slots.ts): among the report's actions, "Share outside the console". A report without them (a
 * unit test, the shared link's own page) shows its own actions only.
 */
export interface ReportSlots {
  ShareAction?: ComponentType<{ report: ShownReport }>;
}

export const ReportSlotsContext = createContext<ReportSlots>({});

export const useReportSlots = (): ReportSlots => useContext(ReportSlotsContext);
