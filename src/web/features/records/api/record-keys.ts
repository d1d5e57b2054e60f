/** Query keys of the console's records, under one root: a booking sent from the charges form refreshes them all. */
export const recordKeys = {
  all: ['records'] as const,
  record: (id: string) => [...recordKeys.all, 'record', id] as const,
  consumer: (userId: string) => [...recordKeys.all, 'consumer', userId] as const,
  contract: (userId: string, contractId: string) =>
    [...recordKeys.all, 'contract', userId, contractId] as const,
};
