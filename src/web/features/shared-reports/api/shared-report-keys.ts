/** Query keys of the shared report links: one list per contract. */
export const sharedReportKeys = {
  all: ['shared-reports'] as const,
  contract: (user: string, contract: string) => ['shared-reports', user, contract] as const,
};
