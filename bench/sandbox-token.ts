import { z } from 'zod/mini';

const tokenAnswerSchema = z.object({ access_token: z.string() });

/** An access token of the sandbox's read-write client (the seed's `sandbox-rw`). */
export async function sandboxToken(base: string): Promise<string> {
  const response = await fetch(`${base}/oauth2/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=sandbox-rw&client_secret=sandbox-rw-secret',
  });
  if (!response.ok) throw new Error(`${base}: no token (${response.status})`);
  return tokenAnswerSchema.parse(await response.json()).access_token;
}
