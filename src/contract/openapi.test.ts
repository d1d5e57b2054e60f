import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { OPERATIONS } from './api/operations.ts';
import { API_TITLE, API_VERSION, buildOpenApiDocument } from './openapi.ts';

/** What these tests read of an operation in the document. */
const describedOperationSchema = z.object({
  operationId: z.string(),
  security: z.unknown(),
  responses: z.record(z.string(), z.unknown()),
});

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument('http://127.0.0.1:8081');

  it('is valid OpenAPI 3.1 and titled as the spec says', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.info).toMatchObject({ title: API_TITLE, version: API_VERSION });
  });

  it('describes every operation with its scope and its 401/403 shapes', () => {
    for (const operation of OPERATIONS) {
      const described = describedOperationSchema.parse(
        document.paths[operation.path]?.[operation.method.toLowerCase()],
      );
      expect(described.operationId).toBe(operation.id);
      expect(described.security).toEqual([{ oauth2: [operation.scope] }]);
      expect(Object.keys(described.responses)).toEqual(
        expect.arrayContaining(['401', '403', String(operation.success.status)]),
      );
    }
  });

  it('gives components no $id (a fragment $id is invalid JSON Schema 2020-12)', () => {
    for (const schema of Object.values(document.components.schemas)) expect(schema).not.toHaveProperty('$id');
  });

  it('has no dangling references', () => {
    const text = JSON.stringify(document);
    for (const [, id] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      expect(document.components.schemas).toHaveProperty(id!);
    }
  });
});
