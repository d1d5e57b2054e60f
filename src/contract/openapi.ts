import { z } from 'zod/mini';
import { detailErrorSchema, fieldErrorsSchema } from './api/common.ts';
import { deliveryStartErrorSchema } from './api/validation.ts';
import { feedRecordSchema } from './api/feed.ts';
import { chargeRecordSchema } from './api/charges.ts';
import { OPERATIONS, pathParameterNames, type Operation } from './api/operations.ts';
import { tokenErrorSchema, tokenRequestSchema, tokenResponseSchema } from './api/token.ts';
import { isRecord } from './is-record.ts';

export const API_TITLE = 'Energy Platform REST API';
export const API_VERSION = '3.8.0 (v3)';

type JsonSchema = Record<string, unknown>;

/** Registry of named shapes: each `.meta({id})` schema becomes one component. */
function componentRegistry() {
  const registry = z.registry<{ id: string }>();
  const named = [
    detailErrorSchema,
    fieldErrorsSchema,
    deliveryStartErrorSchema,
    feedRecordSchema,
    chargeRecordSchema,
    tokenRequestSchema,
    tokenResponseSchema,
    tokenErrorSchema,
    ...OPERATIONS.flatMap((operation: Operation) => [
      operation.body,
      operation.success.schema,
      ...Object.values(operation.errors),
    ]),
  ];
  for (const schema of named) {
    const id = schema ? z.globalRegistry.get(schema)?.id : undefined;
    if (schema && id && !registry.has(schema)) registry.add(schema, { id });
  }
  return registry;
}

function toSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema;
  // Named shapes nested in an unnamed one point at the document's components instead of local $defs.
  delete converted.$schema;
  delete converted.$defs;
  const pointed: unknown = JSON.parse(
    JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/'),
  );
  if (!isRecord(pointed)) throw new TypeError('A JSON Schema is an object.');
  return pointed;
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function schemaRef(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const id = z.globalRegistry.get(schema)?.id;
  return id ? ref(id) : toSchema(schema, io);
}

function queryParameters(query: z.ZodMiniType | undefined) {
  if (!query) return [];
  const schema = toSchema(query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: (schema.required ?? []).includes(name),
    schema: property,
  }));
}

function describeOperation(operation: Operation) {
  const responses: Record<string, unknown> = {
    [operation.success.status]: operation.success.schema
      ? { description: 'Success', content: json(schemaRef(operation.success.schema, 'output')) }
      : { description: 'Valid: no body' },
    401: {
      description: 'Authorization header missing, token malformed, unknown or expired',
      headers: { 'WWW-Authenticate': { schema: { type: 'string' } } },
      content: json(ref('DetailError')),
    },
    403: { description: 'The token scope does not cover the operation', content: json(ref('DetailError')) },
  };
  for (const [status, schema] of Object.entries(operation.errors)) {
    responses[status] = {
      description: status === '404' ? 'Unknown producer or contract' : 'Invalid input',
      content: json(schemaRef(schema, 'output')),
    };
  }
  if (operation.body)
    responses[413] = { description: 'Body larger than 1 MB', content: json(ref('DetailError')) };
  return {
    operationId: operation.id,
    summary: operation.summary,
    tags: [operation.tag],
    security: [{ oauth2: [operation.scope] }],
    parameters: [
      ...pathParameterNames(operation.path).map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: '^[\\w-]+$' },
      })),
      ...queryParameters(operation.query),
    ],
    ...(operation.body
      ? { requestBody: { required: true, content: json(schemaRef(operation.body, 'input')) } }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 description, generated from the same zod schemas the servers validate with. */
export function buildOpenApiDocument(serverUrl = '/') {
  const paths: Record<string, Record<string, unknown>> = {
    '/oauth2/token/': {
      post: {
        operationId: 'oauth2_token_create',
        summary: 'Request an access token (client credentials)',
        tags: ['auth'],
        security: [],
        requestBody: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: ref('TokenRequest') } },
        },
        responses: {
          200: { description: 'Token issued', content: json(ref('TokenResponse')) },
          400: { description: 'RFC 6749 §5.2 error', content: json(ref('TokenError')) },
        },
      },
    },
  };
  for (const operation of OPERATIONS as readonly Operation[]) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = describeOperation(operation);
  }
  const { schemas } = z.toJSONSchema(componentRegistry(), {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  // Components are addressed by their place in the document; an $id with a fragment is not valid 2020-12.
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: API_TITLE,
      version: API_VERSION,
      description: 'Sandbox implementation of the Energy Platform REST API v3 (energy-console).',
    },
    servers: [{ url: serverUrl }],
    tags: [
      { name: 'auth', description: 'OAuth 2.0 client credentials' },
      { name: 'validation', description: 'validation helpers for address, IBAN and metering point' },
      { name: 'producers', description: 'producers, their contracts and feed-in data' },
      { name: 'consumers', description: 'register, retrieve, update and manage consumers' },
      { name: 'master_data', description: 'master data for contracts and metering points' },
    ],
    paths,
    components: {
      schemas,
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: '/oauth2/token/',
              scopes: { read: 'GET', write: 'POST, PUT, PATCH, DELETE' },
            },
          },
        },
      },
    },
  };
}
