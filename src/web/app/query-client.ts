import { QueryClient } from '@tanstack/react-query';

/**
 * The console's one QueryClient.
 * - No retries: 4xx are answers, not hiccups; the HTTP client tries a read
 *   once more after a network failure (lib/http.ts); and a
 *   write is never sent twice by the library (useFormFeedback's "check and retry safely" decides).
 * - Writes run whatever the browser thinks of its connection (`networkMode: 'always'`). TanStack's
 *   default pauses a mutation while the browser says it is offline and replays it when it is back,
 *   even minutes later and after staff left the form: a booking nobody watches, perhaps booked again
 *   meanwhile. Sent at once, a write that cannot leave fails, and the form says so.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
