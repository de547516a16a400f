import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { access, type RouteAccess } from '../src/plugins/access.ts';
import type { RouteTableEntry } from '../src/plugins/route-table.ts';
import { createTestApp, createTestDatabase, type TestApp } from './helpers.ts';
import { signUp } from './support/factories.ts';

/**
 * The OpenAPI 3.1 document is generated from the routes. Every API route must appear in it with an
 * operationId, a summary, a tag, the access it declares (x-vigil-access and security), its request
 * and success schemas, and its error answers in the API's error shape (OperationOutcome for FHIR).
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUp(t.app));
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: { in: string; name: string; schema?: Json }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
  security?: Record<string, string[]>[];
  'x-vigil-access'?: RouteAccess | null;
  'x-vigil-request'?: string;
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** What the document lacks for each API route: an empty list when it describes them all. */
function documentProblems(
  doc: { paths: Record<string, Record<string, Operation>> },
  routes: RouteTableEntry[],
) {
  const problems: string[] = [];
  const ids = new Set<string>();
  // HEAD answers as its GET does; the web app's files are not the API.
  for (const route of routes.filter((r) => r.method !== 'HEAD' && r.access?.kind !== 'asset')) {
    const name = `${route.method} ${route.url}`;
    const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!op) {
      problems.push(`${name}: not in the document`);
      continue;
    }
    if (!op.operationId) problems.push(`${name}: no operationId`);
    else if (ids.has(op.operationId)) problems.push(`${name}: operationId ${op.operationId} is used twice`);
    else ids.add(op.operationId);
    if (!op.summary) problems.push(`${name}: no summary`);
    if (op.tags?.length !== 1) problems.push(`${name}: needs exactly one tag`);
    if (JSON.stringify(op['x-vigil-access']) !== JSON.stringify(route.access)) {
      problems.push(`${name}: x-vigil-access does not match the declared access`);
    }
    const open = ['public', 'webhook'].includes(route.access?.kind ?? '');
    if (!Array.isArray(op.security) || (open ? op.security.length !== 0 : op.security.length === 0)) {
      problems.push(`${name}: security does not say who may call it`);
    }
    for (const param of route.url.match(/:(\w+)/g) ?? []) {
      if (!op.parameters?.some((p) => p.in === 'path' && p.name === param.slice(1) && p.schema)) {
        problems.push(`${name}: path parameter ${param} has no schema`);
      }
    }
    const takesBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
    const bodySchema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
    if (
      takesBody &&
      !(bodySchema && Object.keys(bodySchema).length > 0) &&
      op['x-vigil-request'] !== 'none'
    ) {
      problems.push(`${name}: no request body schema (or x-vigil-request: none)`);
    }
    const responses = Object.entries(op.responses ?? {});
    const successes = responses.filter(([status]) => /^[23]/.test(status));
    if (successes.length === 0) problems.push(`${name}: no success answer`);
    for (const [status, response] of successes) {
      const schema = Object.values(response.content ?? {})[0]?.schema;
      const emptyAnswer = status === '204' || status.startsWith('3') || status === '202';
      if (response.description === 'Default Response' || (!schema && !emptyAnswer)) {
        problems.push(`${name}: answer ${status} has no schema`);
      }
    }
    const errorRef = route.url.startsWith('/fhir/')
      ? '#/components/schemas/OperationOutcome'
      : '#/components/schemas/Error';
    const errors = responses.filter(([status]) => /^[45]/.test(status));
    const shaped = errors.filter(
      ([, r]) => (Object.values(r.content ?? {})[0]?.schema as Json | undefined)?.$ref === errorRef,
    );
    if (!errors.some(([s]) => s.startsWith('4')) || !errors.some(([s]) => s.startsWith('5'))) {
      problems.push(`${name}: no 4xx and 5xx answers`);
    }
    if (shaped.length === 0) problems.push(`${name}: errors not in the error shape ${errorRef}`);
  }
  return problems;
}

async function documentOf(app: TestApp['app'], asCookie: string) {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie: asCookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
}

describe('GET /api/openapi.json', () => {
  it('is for signed-in people only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('is built once and served from memory, with an ETag a client can revalidate', async () => {
    const swagger = vi.spyOn(t.app, 'swagger');
    try {
      const get = (headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { cookie, ...headers } });
      const [first, second] = [await get(), await get()];
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(second.body).toBe(first.body);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(second.headers.etag).toBe(etag);
      const revalidated = await get({ 'if-none-match': etag });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      // Three answers, at most one build (none when an earlier test's request already built it).
      expect(swagger.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      swagger.mockRestore();
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await documentOf(t.app, cookie);
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator is not a formality: a parameter in a place OpenAPI 3.1 has no such thing fails.
    const broken = structuredClone(doc);
    broken.paths['/api/patients/{id}']!.get!.parameters![0]!.in = 'body';
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
  });

  it("passes Redocly's recommended rules: servers named, no anyOf that says nothing (issue 41.10)", async () => {
    const doc = await documentOf(t.app, cookie);
    const folder = mkdtempSync(path.join(tmpdir(), 'vigil-openapi-'));
    try {
      const file = path.join(folder, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      const run = await promisify(execFile)(
        process.execPath,
        [cli, 'lint', '--extends=recommended', '--format=json', file],
        {
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 16e6,
        },
      ).catch((error: { stdout?: string; code?: number }) => ({
        stdout: error.stdout ?? '',
        failed: error.code,
      }));
      const report = JSON.parse(run.stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string }[];
      };
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(report.problems.filter((p) => p.ruleId === 'no-illogical-composition-keywords')).toEqual([]);
      expect('failed' in run ? run.failed : 0).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('describes every API route with its operationId, summary, tag, access, schemas and errors', async () => {
    const doc = await documentOf(t.app, cookie);
    expect(documentProblems(doc, t.app.routeTable)).toEqual([]);
    // Spot checks of what generation gives.
    const getPatient = doc.paths['/api/patients/{id}']!.get!;
    expect(getPatient).toMatchObject({
      operationId: 'getPatient',
      tags: ['Patients'],
      'x-vigil-access': { kind: 'user', permission: 'patients:read' },
      security: [{ session: [] }],
    });
    expect(getPatient.responses!['403']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    const ingest = doc.paths['/api/device-readings']!.post!;
    expect(ingest.security).toEqual([{ session: [] }, { deviceToken: [] }]);
    expect(JSON.stringify(ingest.requestBody)).toContain('heartRate');
  });

  it('fails a route that lacks any of them', async () => {
    const { database, drop } = await createTestDatabase();
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/none' }),
      database,
      logger: false,
    });
    app.post('/api/undocumented/:id', { config: { access: access.user('patients:edit') } }, async () => ({}));
    await app.ready();
    const admin = await signUp(app);
    const problems = documentProblems(await documentOf(app, admin.cookie), app.routeTable);
    expect(problems).toEqual([
      'POST /api/undocumented/:id: no operationId',
      'POST /api/undocumented/:id: no summary',
      'POST /api/undocumented/:id: needs exactly one tag',
      'POST /api/undocumented/:id: no request body schema (or x-vigil-request: none)',
      'POST /api/undocumented/:id: answer 200 has no schema',
    ]);
    await app.close();
    await drop();
  });
});
