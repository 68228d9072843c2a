#!/usr/bin/env node
// Checks the API's OpenAPI document: that it is valid OpenAPI 3.1 (the
// official schema plus the rules the schema cannot express, such as unique
// operation ids and path parameters that match the path), and, with
// --require-schemas, that it describes every body: each request body and
// each documented response has a schema, so a client can be generated from
// the document alone.
//
// Usage: node scripts/validate-openapi.mjs [--require-schemas] FILE
// Exits 1 when the document fails a check, 2 on a usage error or a file
// that cannot be read as JSON.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileErrors, dereference, validate } from '@readme/openapi-parser';

/** The HTTP methods an OpenAPI 3.1 path item can hold operations for. */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Whether a documented response carries no body: by definition for 204 No
 * Content and the redirections (3xx, including 304 Not Modified), whose
 * answers are read from their status and headers; otherwise only when the
 * document says so with `x-no-body: true` (a 202 that only acknowledges).
 */
export function bodiless(status, response) {
  return status === '204' || /^3(\d\d|XX)$/i.test(status) || response?.['x-no-body'] === true;
}

/**
 * What a request body's or response's content lacks: "no content" when it
 * names no media type, else the media types without a schema; null when
 * every media type has one.
 *
 * @param {Record<string, {schema?: unknown}> | undefined} content
 * @returns {string | null}
 */
function lacking(content) {
  const types = Object.entries(content ?? {});
  if (types.length === 0) return 'no content';
  const missing = types.filter(([, media]) => media?.schema === undefined).map(([type]) => type);
  return missing.length ? `no schema for ${missing.join(', ')}` : null;
}

/**
 * Operations of a dereferenced document whose request body or documented
 * responses have no schema, one line each ("POST /api/x: response 200 has
 * no schema for application/json").
 *
 * @param {{paths?: Record<string, Record<string, any>>}} doc a dereferenced document
 * @returns {string[]}
 */
export function missingSchemas(doc) {
  const offenders = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const name = `${method.toUpperCase()} ${path}`;
      if (op.requestBody) {
        const lack = lacking(op.requestBody.content);
        if (lack) offenders.push(`${name}: request body has ${lack}`);
      }
      // OpenAPI 3.1 lets an operation leave its responses out; a client
      // generated from it would not know what it gets back.
      if (Object.keys(op.responses ?? {}).length === 0) offenders.push(`${name}: documents no response`);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (bodiless(status, response)) continue;
        const lack = lacking(response?.content);
        if (lack) offenders.push(`${name}: response ${status} has ${lack}`);
      }
    }
  }
  return offenders;
}

/**
 * Checks a parsed document; the document itself is left as it is.
 *
 * @param {unknown} doc the document, parsed from JSON
 * @param {{requireSchemas?: boolean}} [options]
 * @returns {Promise<{ok: boolean, errors: string[], warnings: string[]}>}
 */
export async function check(doc, { requireSchemas = false } = {}) {
  const version = doc && typeof doc === 'object' ? doc.openapi : undefined;
  if (typeof version !== 'string' || !/^3\.1\.\d+$/.test(version)) {
    return { ok: false, errors: [`not an OpenAPI 3.1 document: "openapi" is ${JSON.stringify(version)}`], warnings: [] };
  }
  // Only references inside the document: nothing is read from disk or the
  // network while checking. The parser dereferences what it is given in
  // place, so it gets copies.
  const options = { resolve: { external: false } };
  const result = await validate(structuredClone(doc), options);
  if (!result.valid) {
    return { ok: false, errors: [compileErrors(result)], warnings: [] };
  }
  const warnings = result.warnings.length ? [compileErrors(result)] : [];
  if (!requireSchemas) return { ok: true, errors: [], warnings };
  const offenders = missingSchemas(await dereference(structuredClone(doc), options));
  return { ok: offenders.length === 0, errors: offenders, warnings };
}

async function main() {
  const args = process.argv.slice(2);
  const requireSchemas = args.includes('--require-schemas');
  const files = args.filter((a) => a !== '--require-schemas');
  if (files.length !== 1 || files[0].startsWith('-')) {
    console.error('usage: node scripts/validate-openapi.mjs [--require-schemas] FILE');
    process.exit(2);
  }
  const file = resolve(files[0]);
  let doc;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    console.error(`openapi: cannot read ${file}: ${err.message}`);
    process.exit(2);
  }
  const { ok, errors, warnings } = await check(doc, { requireSchemas });
  for (const w of warnings) console.warn(w);
  if (!ok) {
    console.error(`openapi: ${file} fails the check:`);
    for (const e of errors) console.error(`  ${e}`);
    process.exit(1);
  }
  const paths = Object.keys(doc.paths ?? {}).length;
  console.log(`openapi: ${file} is valid OpenAPI ${doc.openapi} (${paths} paths${requireSchemas ? ', every body with a schema' : ''})`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
