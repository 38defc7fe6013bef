import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { ConsoleLogger } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import type { Response } from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createDataset } from '../../test/data-import-kit';
import { type AppRoute, collectRoutes } from '../../test/routes';
import { ROOT_PASSWORD, startTestApp, type TestApp } from '../../test/test-app';
import { multipartRequestOf } from './multipart.decorator';
import { MSG_FORM_MALFORMED } from './receive-upload';

/**
 * Malformed multipart forms sent to every upload route, found by its @Multipart() request (the
 * only way to hand StorageService an upload): a new upload route is covered without a new test.
 * Every answer must be a 400 with the reason (or the route's own refusal), nothing may be stored,
 * no row written, no temporary file left, and nothing logged as a server error.
 */

const CHINESE = /[\u4e00-\u9fa5]/;
/** A reason fit to show: none of the server's insides. */
const CLEAR = /^(?![\s\S]*(Error|Exception|Unexpected|Malformed|\bat \S+ \())[\s\S]+$/;
const BOUNDARY = 'gw-bad-multipart';
const FORM = `multipart/form-data; boundary=${BOUNDARY}`;
/** The file fields upload routes read; the one of each route is found by asking (an empty file is refused as such). */
const CANDIDATE_FIELDS = ['file', 'files'];
const MSG_EMPTY_FILE = '上传的文件是空的';
const MSG_NO_FILE = '请选择要上传的文件';
/**
 * Files some upload route stores (an image, text), long enough that the store has started writing
 * when the form breaks. A route refuses the other's type, which is its own refusal; each case must
 * be refused as malformed with at least one of them.
 */
const PNG_HEAD = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SAMPLES: Array<{ name: string; content: Buffer }> = [
  { name: 'picture.png', content: Buffer.concat([PNG_HEAD, Buffer.alloc(64 * 1024)]) },
  { name: 'rows.jsonl', content: Buffer.from('{"question":"1+1","answer":"2"}\n'.repeat(2048)) },
];
type Sample = (typeof SAMPLES)[number];
/** Tables that change with any signed-in request, whatever it sends. */
const BOOKKEEPING_TABLES = ['sessions', 'gateway_instances'];
/** Rows that a sign-in writes: the test signs root in again for a raw cookie, and an administrator's sign-in is audited. */
const SIGN_IN_ROWS: Readonly<Record<string, string>> = { audit_logs: "action <> 'admin.login'" };

const partHead = (field: string, fileName: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const filePart = (field: string, sample: Sample) => Buffer.concat([Buffer.from(partHead(field, sample.name)), sample.content, Buffer.from('\r\n')]);
const CLOSE = Buffer.from(`--${BOUNDARY}--\r\n`);
const form = (...parts: Array<string | Buffer>) => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));

/** A form sent: its content type and body, given the route's file field and a file it may store. */
interface FormCase {
  what: string;
  type: string;
  body: (field: string, sample: Sample) => Buffer;
}

const BROKEN_FORMS: FormCase[] = [
  { what: 'an empty body', type: FORM, body: () => Buffer.alloc(0) },
  { what: 'no boundary parameter', type: 'multipart/form-data', body: (field, sample) => form(filePart(field, sample), CLOSE) },
  { what: 'an empty boundary parameter', type: 'multipart/form-data; boundary=', body: (field, sample) => form(filePart(field, sample), CLOSE) },
  { what: 'a boundary other than the declared one', type: 'multipart/form-data; boundary=another-one', body: (field, sample) => form(filePart(field, sample), CLOSE) },
  { what: 'a part header without a colon', type: FORM, body: (field, sample) => form(`--${BOUNDARY}\r\nContent-Disposition form-data; name="${field}"; filename="${sample.name}"\r\n\r\n`, sample.content, '\r\n', CLOSE) },
  { what: 'a whole file, then a part header without a colon', type: FORM, body: (field, sample) => form(filePart(field, sample), `--${BOUNDARY}\r\nno colon here\r\n\r\nx\r\n`, CLOSE) },
  { what: 'a part header of 100 KB', type: FORM, body: (field, sample) => form(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${sample.name}"\r\nX-Padding: ${'a'.repeat(100 * 1024)}\r\n\r\n`, sample.content, '\r\n', CLOSE) },
  { what: 'a NUL in the file name', type: FORM, body: (field, sample) => form(partHead(field, `a\u0000${sample.name}`), sample.content, '\r\n', CLOSE) },
  { what: 'a form cut off inside a part header', type: FORM, body: () => form(`--${BOUNDARY}\r\nContent-Disposition: form-da`) },
  { what: 'a form cut off inside the file', type: FORM, body: (field, sample) => form(partHead(field, sample.name), sample.content) },
  { what: 'a whole file without the closing boundary', type: FORM, body: (field, sample) => filePart(field, sample) },
];

/** Multipart forms that are whole but hold no file in the route's field: the route's own refusal. */
const FORMS_WITHOUT_FILE: FormCase[] = [
  { what: 'a text field only', type: FORM, body: () => form(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\n说明\r\n`, CLOSE) },
  { what: 'the file in another field', type: FORM, body: (_field, sample) => form(filePart('not-the-field', sample), CLOSE) },
];

const isUploadRoute = (route: AppRoute): boolean => {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, route.controller, (route.handler as { name: string }).name) ?? {}) as Record<string, { factory?: unknown }>;
  return Object.values(args).some((arg) => arg.factory === multipartRequestOf);
};

const messageOf = (reply: Response): unknown => reply.body?.message ?? reply.body?.error?.message;

describe('malformed multipart forms on every upload route (integration)', () => {
  let t: TestApp;
  let root: TestAgent;
  let uploadRoutes: Array<AppRoute & { url: string; field: string }>;
  let errorLogs: MockInstance;
  let storedBefore: string[];
  let tablesBefore: Record<string, unknown[]>;

  const uploadsDir = () => join(t.config.dataDir, 'uploads');
  /** Every file under DATA_DIR/uploads, temporary ones (dot files) included; empty folders do not count. */
  const storedFiles = (): string[] =>
    existsSync(uploadsDir())
      ? readdirSync(uploadsDir(), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name))
          .sort()
      : [];
  const tables = async (): Promise<Record<string, unknown[]>> => {
    const names = (await t.db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND NOT (tablename = ANY($1)) ORDER BY 1`, [BOOKKEEPING_TABLES])) as Array<{ tablename: string }>;
    const rows: Record<string, unknown[]> = {};
    for (const { tablename } of names) {
      const where = SIGN_IN_ROWS[tablename] ? `WHERE ${SIGN_IN_ROWS[tablename]}` : '';
      rows[tablename] = (await t.db.query(`SELECT to_jsonb(t) - 'accessed_time' AS row FROM "${tablename}" t ${where} ORDER BY to_jsonb(t)::text`)).map((r: { row: unknown }) => r.row);
    }
    return rows;
  };
  const post = (route: { url: string }, type: string, body: Buffer) => root.post(route.url).set('Content-Type', type).send(body);

  beforeAll(async () => {
    t = await startTestApp();
    root = (await t.login('root', ROOT_PASSWORD)).agent;
    const datasetId = await createDataset(t.db);
    uploadRoutes = [];
    for (const route of collectRoutes(t).filter(isUploadRoute)) {
      // A path parameter names the dataset the upload goes to (the import's `:id`).
      const url = route.path.replace(/:\w+/g, String(datasetId));
      let field: string | undefined;
      for (const candidate of CANDIDATE_FIELDS) {
        const reply = await root.post(url).attach(candidate, Buffer.alloc(0), 'empty.txt');
        if (String(messageOf(reply)).includes(MSG_EMPTY_FILE)) field = candidate;
      }
      if (!field) throw new Error(`${route.route} reads none of the fields ${CANDIDATE_FIELDS.join(', ')}`);
      uploadRoutes.push({ ...route, url, field });
    }
    storedBefore = storedFiles();
    tablesBefore = await tables();
    errorLogs = vi.spyOn(ConsoleLogger.prototype, 'error');
  });
  afterAll(async () => {
    errorLogs.mockRestore();
    await t.close();
  });

  it('finds the upload routes', () => {
    expect(uploadRoutes.map((route) => route.route)).toEqual(
      expect.arrayContaining(['POST /api/file_upload/uploadToOss', 'POST /relay/v1/talking/upload_files', 'POST /api/data_library/upload_cover_page', 'POST /api/data_library/:id/import']),
    );
  });

  it.each(BROKEN_FORMS)('answers $what with 400 and the reason, keeping nothing', async ({ what, type, body }) => {
    for (const route of uploadRoutes) {
      const statuses: number[] = [];
      for (const sample of SAMPLES) {
        const reply = await post(route, type, body(route.field, sample));
        const where = `${route.route}, ${what}, ${sample.name}: ${reply.status} ${reply.text.slice(0, 300)}`;
        statuses.push(reply.status);
        expect(messageOf(reply), where).toMatch(CHINESE);
        expect(messageOf(reply), where).toMatch(CLEAR);
        expect(reply.body.success, where).toBe(false);
        // The other sample's type may be refused before the form breaks: the route's own refusal.
        if (reply.status === 400) expect(messageOf(reply), where).toBe(MSG_FORM_MALFORMED);
        else expect(reply.status, where).toBe(200);
      }
      expect(statuses, `${route.route}, ${what}`).toContain(400);
      expect(storedFiles(), `${route.route}, ${what}`).toEqual(storedBefore);
    }
  });

  it.each(FORMS_WITHOUT_FILE)('answers $what with the refusal of a missing file', async ({ what, type, body }) => {
    for (const route of uploadRoutes) {
      const reply = await post(route, type, body(route.field, SAMPLES[0]));
      expect(reply.status, `${route.route}, ${what}`).toBe(200);
      expect(reply.body, `${route.route}, ${what}`).toEqual({ success: false, message: MSG_NO_FILE, data: null });
    }
  });

  it('keeps nothing when the client goes away in the middle of the file', async () => {
    const server = t.app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const login = await t.http().post('/api/user/login').send({ username: 'root', password: ROOT_PASSWORD });
    const cookie = (login.headers['set-cookie'] as unknown as string[]).map((value) => value.split(';')[0]).join('; ');
    for (const route of uploadRoutes) {
      let stopped = 0;
      for (const sample of SAMPLES) {
        let answered = false;
        const sending = httpRequest({
          host: '127.0.0.1',
          port,
          path: route.url,
          method: 'POST',
          headers: { 'Content-Type': FORM, 'Content-Length': String(10 * 1024 * 1024), Cookie: cookie, 'New-Api-User': '1' },
        });
        sending.on('response', (response) => {
          answered = true;
          response.resume();
        });
        sending.on('error', () => undefined);
        sending.write(form(partHead(route.field, sample.name), sample.content));
        // Until the store is writing the file (a temporary file shows) or the route refused its type.
        for (let waited = 0; waited < 5000 && !answered && storedFiles().length === storedBefore.length; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
        if (!answered) {
          expect(storedFiles().some((file) => basename(file).startsWith('.upload-')), route.route).toBe(true);
          stopped += 1;
        }
        sending.destroy();
        for (let waited = 0; waited < 5000 && storedFiles().length !== storedBefore.length; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(storedFiles(), `${route.route}, ${sample.name}`).toEqual(storedBefore);
      }
      expect(stopped, `${route.route}: a client went away while the store wrote`).toBeGreaterThan(0);
    }
    // The server is still there and answers.
    expect((await root.get('/api/status')).status).toBe(200);
  });

  it('wrote no row and logged no server error', async () => {
    expect(await tables()).toEqual(tablesBefore);
    expect(errorLogs.mock.calls.map((call) => String(call[0]).slice(0, 300))).toEqual([]);
  });
});
