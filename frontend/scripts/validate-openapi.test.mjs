import { describe, expect, it } from 'vitest';
import { bodiless, check, missingSchemas } from './validate-openapi.mjs';

/** A small valid OpenAPI 3.1 document, every body with a schema. */
function document() {
  return {
    openapi: '3.1.0',
    info: { title: 'Praksis API', version: '1' },
    paths: {
      '/api/classes/{id}': {
        get: {
          summary: 'One class',
          operationId: 'getClass',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: {
            200: {
              description: 'The class',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Class' } } },
            },
            304: { description: 'Unchanged' },
            default: {
              description: 'Error',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } },
            },
          },
        },
        put: {
          summary: 'Rename a class',
          operationId: 'putClass',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          requestBody: { $ref: '#/components/requestBodies/Rename' },
          responses: { 204: { description: 'Renamed' } },
        },
      },
    },
    components: {
      schemas: {
        Class: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
        Problem: { type: 'object', properties: { description: { type: 'string' } } },
      },
      requestBodies: {
        Rename: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } },
        },
      },
    },
  };
}

describe('check', () => {
  it('accepts a valid OpenAPI 3.1 document, with and without --require-schemas', async () => {
    expect(await check(document())).toMatchObject({ ok: true, errors: [] });
    expect(await check(document(), { requireSchemas: true })).toMatchObject({ ok: true, errors: [] });
  });

  it('leaves the document it checks as it was', async () => {
    const doc = document();
    await check(doc, { requireSchemas: true });
    expect(doc).toEqual(document());
  });

  it('fails a document that is not valid OpenAPI 3.1, saying where', async () => {
    const doc = document();
    delete doc.paths['/api/classes/{id}'].get.responses[200].description;
    const result = await check(doc);
    expect(result.ok).toBe(false);
    expect(result.errors.join('\n')).toMatch(/description/);
  });

  it('fails a path parameter the path does not have', async () => {
    const doc = document();
    doc.paths['/api/classes/{id}'].get.parameters.push({ name: 'other', in: 'path', required: true, schema: { type: 'string' } });
    expect((await check(doc)).ok).toBe(false);
  });

  it.each([
    ['3.0.3', '3.0.3'],
    ['missing', undefined],
  ])('fails a document whose openapi version is %s', async (_, version) => {
    const doc = { ...document(), openapi: version };
    const result = await check(doc);
    expect(result.ok).toBe(false);
    expect(result.errors[0]).toMatch(/not an OpenAPI 3\.1 document/);
  });

  it('fails a response without a schema only with --require-schemas', async () => {
    const doc = document();
    doc.paths['/api/classes/{id}'].get.responses[200].content = { 'application/json': {} };
    expect((await check(doc)).ok).toBe(true);
    expect(await check(doc, { requireSchemas: true })).toEqual({
      ok: false,
      errors: ['GET /api/classes/{id}: response 200 has no schema for application/json'],
      warnings: [],
    });
  });
});

describe('missingSchemas', () => {
  it('names request bodies and responses without a schema, and operations without responses', () => {
    const doc = document();
    const ops = doc.paths['/api/classes/{id}'];
    ops.put.requestBody = { content: { 'application/json': {}, 'text/csv': { schema: { type: 'string' } } } };
    ops.put.responses[201] = { description: 'Created' };
    ops.get.responses[404] = { description: 'Not found', content: {} };
    doc.paths['/api/other'] = { post: { summary: 'Nothing documented' } };
    expect(missingSchemas(doc)).toEqual([
      'GET /api/classes/{id}: response 404 has no content',
      'PUT /api/classes/{id}: request body has no schema for application/json',
      'PUT /api/classes/{id}: response 201 has no content',
      'POST /api/other: documents no response',
    ]);
  });
});

describe('bodiless', () => {
  it.each([
    ['204', true],
    ['301', true],
    ['304', true],
    ['3XX', true],
    ['200', false],
    ['202', false],
    ['default', false],
  ])('%s → %s', (status, expected) => {
    expect(bodiless(status)).toBe(expected);
  });

  it('takes a response marked x-no-body as bodiless, and only that one', () => {
    expect(bodiless('202', { description: 'Accepted', 'x-no-body': true })).toBe(true);
    expect(bodiless('202', { description: 'Accepted' })).toBe(false);
  });
});
