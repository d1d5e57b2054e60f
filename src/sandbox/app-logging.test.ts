import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../node-shared/logger.ts';
import { startTestSandbox, type TestSandbox } from './testing/harness.ts';

describe("the sandbox's request log", () => {
  const lines: string[] = [];
  let sandbox: TestSandbox;
  let token: string;

  beforeAll(async () => {
    const logger = pino(
      { ...loggerOptions('sandbox', 'debug') },
      { write: (line: string) => lines.push(line) },
    );
    sandbox = await startTestSandbox('pglite', { logger });
    token = await sandbox.token();
  });
  afterAll(() => sandbox?.close());

  it('logs each request with its path but never the query string with its IBAN or market location', async () => {
    lines.length = 0;
    const headers = { authorization: `Bearer ${token}` };
    const checked = await sandbox.app.inject({
      method: 'GET',
      url: '/v3/validation/bank_data_iban/?iban=DE89370400440532013000',
      headers,
    });
    expect(checked.statusCode).toBe(200);
    const refused = await sandbox.app.inject({
      method: 'GET',
      url: '/v3/validation/bank_data_iban/?iban=nl91%20abna%200417%201643%2001',
      headers,
    });
    expect(refused.statusCode).toBe(400);
    const log = lines.join('');
    expect(log).not.toMatch(/0532013000|0417|iban=/i);
    const requests: unknown[] = lines.map((line): unknown => JSON.parse(line));
    expect(requests).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/v3/validation/bank_data_iban/', status: 200, method: 'GET' }),
        expect.objectContaining({ path: '/v3/validation/bank_data_iban/', status: 400 }),
      ]),
    );
  });
});
