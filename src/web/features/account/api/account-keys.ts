/** Query keys of the account page: one's own sessions, or (admins) someone else's. */
export const accountKeys = {
  sessions: ['bff', 'sessions'] as const,
  sessionsOf: (username: string | undefined) => [...accountKeys.sessions, username ?? null] as const,
};
