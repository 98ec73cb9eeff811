import { unzipSync } from 'fflate';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { FilesController } from '../api/src/files/files.controller';
import { StoredFilesSweeper } from '../api/src/files/stored-files-sweeper';
import { insertFacility, insertTrialRequest } from './factories/file-requests';
import * as files from './factories/files';
import { makeClinops } from './factories/users';
import { loginProduct, registerUser } from './utils/accounts';
import { FAST_CAPTCHA_ENV } from './utils/captcha';
import { multipart, Part } from './utils/multipart';
import { S3TestServer, startS3Server } from './utils/s3-server';
import { createTestApp, TestApp } from './utils/test-app';

/** 2 MB: small enough to go over quickly, large enough for every fixture. */
const MAX_UPLOAD_BYTES = 2_000_000;

interface Driver {
  name: 'local' | 's3';
  setUp(): Promise<Record<string, string>>;
  /** The objects the store holds now. */
  objects(): Promise<string[]>;
  breakStore(): Promise<void>;
  repairStore(): Promise<void>;
  tearDown(): Promise<void>;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

function localDriver(): Driver {
  let dataDir = '';
  return {
    name: 'local',
    setUp: async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'files-e2e-'));
      return { STORAGE_DRIVER: 'local', DATA_DIR: dataDir };
    },
    objects: () => filesUnder(join(dataDir, 'files')),
    // A file where the folder was: every write fails as on a broken disk.
    breakStore: async () => {
      await mkdir(join(dataDir, 'files'), { recursive: true });
      await rename(join(dataDir, 'files'), join(dataDir, 'files.aside'));
      await writeFile(join(dataDir, 'files'), 'not a folder');
    },
    repairStore: async () => {
      await rm(join(dataDir, 'files'));
      await rename(join(dataDir, 'files.aside'), join(dataDir, 'files'));
    },
    tearDown: () => rm(dataDir, { recursive: true, force: true }),
  };
}

function s3Driver(): Driver {
  let s3: S3TestServer;
  return {
    name: 's3',
    setUp: async () => {
      s3 = await startS3Server();
      return s3.env;
    },
    // s3rver keeps each object as a file ending in ._S3rver_object.
    objects: async () =>
      (await filesUnder(join(s3.directory, s3.bucket))).filter((f) =>
        f.endsWith('._S3rver_object'),
      ),
    breakStore: () => s3.stop(),
    repairStore: () => s3.start(),
    tearDown: () => s3.close(),
  };
}

const file = (filename: string, content: Buffer): Part => ({ field: 'files', filename, content });

describe.each<Driver>([localDriver(), s3Driver()])(
  `${FilesController.name} ($name storage)`,
  (driver) => {
    let t: TestApp;
    let hcp: { token: string; id: string };
    let otherHcp: { token: string; id: string };
    let clinops: { token: string; id: string };
    let otherClinops: { token: string; id: string };
    let requestId: string;
    let otherRequestId: string;
    let siteId: number;

    const auth = (token?: string): Record<string, string> =>
      token === undefined ? {} : { Authorization: `Bearer ${token}` };

    const upload = (token: string | undefined, id: string, parts: Part[]): request.Test => {
      const { body, contentType } = multipart(parts);
      return request(t.http)
        .post(`/api/files/${id}`)
        .set(auth(token))
        .set('Content-Type', contentType)
        .send(body);
    };

    const specUpload = (token: string | undefined, parts: Part[]): request.Test => {
      const { body, contentType } = multipart(parts);
      return request(t.http)
        .post('/files/upload')
        .set(auth(token))
        .set('Content-Type', contentType)
        .send(body);
    };

    const list = (token: string | undefined, id = requestId): request.Test =>
      request(t.http).get(`/api/files/${id}`).set(auth(token));

    const rows = async (id = requestId): Promise<number> => {
      const [{ n }] = await t.dataSource.query<{ n: number }[]>(
        'SELECT count(*)::int AS n FROM medical_file WHERE request_id = $1',
        [id],
      );
      return n;
    };

    const audit = (action: string, actorId: string): Promise<{ detail: object }[]> =>
      t.dataSource.query(
        'SELECT detail FROM audit_log WHERE action = $1 AND actor_id = $2 AND request_id = $3',
        [action, actorId, requestId],
      );

    /** Binary answers as a Buffer. */
    const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void): void => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    };

    /** Deletes every file of the main request, for tests that count from zero. */
    const clearFiles = async (): Promise<void> => {
      const res = await list(hcp.token).expect(200);
      for (const f of res.body as { id: string }[]) {
        await request(t.http)
          .delete(`/api/files/${requestId}/${f.id}`)
          .set(auth(hcp.token))
          .expect(204);
      }
    };

    beforeAll(async () => {
      const env = await driver.setUp();
      t = await createTestApp({
        ...FAST_CAPTCHA_ENV,
        ...env,
        FILES_MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES),
      });
      // One after the other: four captchas solved at once can starve a busy machine.
      const a = await registerUser(t.http, t.dataSource);
      const b = await registerUser(t.http, t.dataSource);
      const c = await registerUser(t.http, t.dataSource);
      const d = await registerUser(t.http, t.dataSource);
      const site = await insertFacility(t.dataSource);
      siteId = site;
      const otherSite = await insertFacility(t.dataSource, {
        name: 'Vall d’Hebron',
        city: 'Barcelona',
      });
      await makeClinops(t.dataSource, c.user._id, [site]);
      await makeClinops(t.dataSource, d.user._id, [otherSite]);
      hcp = { token: a.token, id: a.user._id };
      otherHcp = { token: b.token, id: b.user._id };
      clinops = {
        token: (await loginProduct(t.http, c.tokens.idToken, c.account.email)).token,
        id: c.user._id,
      };
      otherClinops = {
        token: (await loginProduct(t.http, d.tokens.idToken, d.account.email)).token,
        id: d.user._id,
      };
      requestId = await insertTrialRequest(t.dataSource, { userId: hcp.id, facilityId: site });
      otherRequestId = await insertTrialRequest(t.dataSource, {
        userId: otherHcp.id,
        facilityId: otherSite,
      });
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      await driver.tearDown();
    });

    describe('upload, list, download, zip, delete', () => {
      const pdf = files.pdf('Histology: adenocarcinoma');
      const png = files.png();
      let pdfId: string;
      let pngId: string;

      beforeAll(clearFiles);

      it('should store a PDF and a PNG of the requesting HCP and list them for clinops of the site', async () => {
        const res = await upload(hcp.token, requestId, [
          file('pathology report.pdf', pdf),
          file('ct-scan.png', png),
        ]).expect(201);
        expect(res.body).toEqual([
          expect.objectContaining({ name: 'pathology report.pdf', size: pdf.length, kind: 'pdf' }),
          expect.objectContaining({ name: 'ct-scan.png', size: png.length, kind: 'png' }),
        ]);
        pdfId = (res.body as { id: string }[])[0].id;
        pngId = (res.body as { id: string }[])[1].id;

        const listed = await list(clinops.token).expect(200);
        expect((listed.body as { name: string }[]).map((f) => f.name).sort()).toEqual([
          'ct-scan.png',
          'pathology report.pdf',
        ]);
        expect(await driver.objects()).toHaveLength(2);

        const [uploaded] = await audit('file.upload', hcp.id);
        expect(uploaded.detail).toEqual({
          fileIds: [pdfId, pngId],
          count: 2,
          bytes: pdf.length + png.length,
        });
        expect(await audit('file.list', clinops.id)).toEqual([{ detail: { count: 2 } }]);
      });

      it('should stream one file back with its content type, length and an attachment name', async () => {
        const res = await request(t.http)
          .get(`/api/files/${requestId}/${pdfId}`)
          .set(auth(clinops.token))
          .buffer(true)
          .parse(binary)
          .expect(200);
        expect((res.body as Buffer).equals(pdf)).toBe(true);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-length']).toBe(String(pdf.length));
        expect(res.headers['content-disposition']).toBe(
          'attachment; filename="pathology report.pdf"',
        );
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(await audit('file.download', clinops.id)).toEqual([{ detail: { fileId: pdfId } }]);
      });

      it('should zip all files of the request, named with a prefix and an ISO timestamp', async () => {
        const res = await request(t.http)
          .get(`/api/files/${requestId}/zip`)
          .set(auth(clinops.token))
          .buffer(true)
          .parse(binary)
          .expect(200);
        expect(res.headers['content-type']).toBe('application/zip');
        expect(res.headers['content-disposition']).toMatch(
          /^attachment; filename=medical-files-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.zip$/,
        );
        const entries = unzipSync(new Uint8Array(res.body as Buffer));
        expect(Object.keys(entries).sort()).toEqual(['ct-scan.png', 'pathology report.pdf']);
        expect(Buffer.from(entries['pathology report.pdf']).equals(pdf)).toBe(true);
        expect(Buffer.from(entries['ct-scan.png']).equals(png)).toBe(true);
        expect(await audit('file.download_all', clinops.id)).toHaveLength(1);
      });

      it('should number a name the request already has', async () => {
        const res = await upload(clinops.token, requestId, [file('ct-scan.png', png)]).expect(201);
        expect((res.body as { name: string }[])[0].name).toBe('ct-scan (2).png');
        await request(t.http)
          .delete(`/api/files/${requestId}/${(res.body as { id: string }[])[0].id}`)
          .set(auth(clinops.token))
          .expect(204);
      });

      it('should delete a file for the HCP: gone from the list, the store and downloads', async () => {
        const queuedBefore = await t.dataSource.query<unknown[]>(
          'SELECT storage_key FROM stored_file_deletion',
        );
        await request(t.http)
          .delete(`/api/files/${requestId}/${pngId}`)
          .set(auth(hcp.token))
          .expect(204);
        // The bytes went with the answer: nothing is left for the sweeper to delete again.
        expect(await t.dataSource.query('SELECT storage_key FROM stored_file_deletion')).toEqual(
          queuedBefore,
        );
        const listed = await list(hcp.token).expect(200);
        expect((listed.body as { id: string }[]).map((f) => f.id)).toEqual([pdfId]);
        expect(await driver.objects()).toHaveLength(1);
        await request(t.http)
          .get(`/api/files/${requestId}/${pngId}`)
          .set(auth(hcp.token))
          .expect(404);
        await request(t.http)
          .delete(`/api/files/${requestId}/${pngId}`)
          .set(auth(hcp.token))
          .expect(404);
        expect(await audit('file.delete', hcp.id)).toContainEqual({ detail: { fileId: pngId } });
      });

      it('should answer 404 for a zip of a request without files', async () => {
        const res = await request(t.http)
          .get(`/api/files/${otherRequestId}/zip`)
          .set(auth(otherHcp.token))
          .expect(404);
        expect(res.body.message).toBe('This trial request has no files yet.');
      });
    });

    describe('who may touch a request’s files', () => {
      let fileId: string;

      beforeAll(async () => {
        await clearFiles();
        const res = await upload(hcp.token, requestId, [file('labs.txt', files.txt())]).expect(201);
        fileId = (res.body as { id: string }[])[0].id;
      });

      const routes = (): [string, (token?: string) => request.Test][] => [
        ['upload', (token) => upload(token, requestId, [file('x.pdf', files.pdf())])],
        ['list', (token) => list(token)],
        [
          'download',
          (token) => request(t.http).get(`/api/files/${requestId}/${fileId}`).set(auth(token)),
        ],
        ['zip', (token) => request(t.http).get(`/api/files/${requestId}/zip`).set(auth(token))],
        [
          'delete',
          (token) => request(t.http).delete(`/api/files/${requestId}/${fileId}`).set(auth(token)),
        ],
      ];

      it.each(['upload', 'list', 'download', 'zip', 'delete'])(
        'should refuse %s to another HCP and clinops of another site (403) and to visitors (401)',
        async (name) => {
          const call = routes().find(([n]) => n === name)![1];
          for (const token of [otherHcp.token, otherClinops.token]) {
            const res = await call(token).expect(403);
            expect(res.body.message).toBe('You may not see this trial request.');
          }
          await call(undefined).expect(401);
          expect(await rows()).toBe(1);
          expect(await driver.objects()).toHaveLength(1);
        },
      );

      it('should not reach a file through another request the caller owns', async () => {
        await request(t.http)
          .get(`/api/files/${otherRequestId}/${fileId}`)
          .set(auth(otherHcp.token))
          .expect(404);
        await request(t.http)
          .delete(`/api/files/${otherRequestId}/${fileId}`)
          .set(auth(otherHcp.token))
          .expect(404);
        expect(await rows()).toBe(1);
      });

      it('should answer 404 for an unknown request and 400 for ids that are not ids', async () => {
        await list(hcp.token, '00000000-0000-4000-8000-000000000000').expect(404);
        const res = await list(hcp.token, 'not-a-uuid').expect(400);
        expect(res.body.errors).toEqual({ requestId: 'isUuid' });
        await request(t.http)
          .get(`/api/files/${requestId}/..%2F..%2Fetc`)
          .set(auth(hcp.token))
          .expect(400);
      });
    });

    describe('limits: nothing is stored from a refused upload', () => {
      beforeEach(clearFiles);

      const expectNothingStored = async (): Promise<void> => {
        expect(await rows()).toBe(0);
        expect(await driver.objects()).toHaveLength(0);
      };

      it('should refuse an eleventh file', async () => {
        const eleven = Array.from({ length: 11 }, (_, i) => file(`page-${i + 1}.txt`, files.txt()));
        const res = await upload(hcp.token, requestId, eleven).expect(400);
        expect(res.body).toMatchObject({
          message: 'Error- Max files limit reached with 10 files uploaded',
          errors: { files: 'tooManyFiles' },
        });
        await expectNothingStored();
        // Ten are fine.
        await upload(hcp.token, requestId, eleven.slice(0, 10)).expect(201);
        expect(await rows()).toBe(10);
      });

      it('should refuse an upload whose files together exceed FILES_MAX_UPLOAD_BYTES with 413', async () => {
        const half = Buffer.alloc(MAX_UPLOAD_BYTES / 2 + 10, 0x61);
        const res = await upload(hcp.token, requestId, [
          file('a.txt', half),
          file('b.txt', half),
        ]).expect(413);
        expect(res.body).toMatchObject({
          message: 'Error- File(s) exceeds 2 MB size limit',
          errors: { files: 'tooLarge' },
        });
        await expectNothingStored();
      });

      it('should refuse an empty selection and an empty file', async () => {
        const none = await upload(hcp.token, requestId, []).expect(400);
        expect(none.body).toMatchObject({
          message: 'Please choose a file',
          errors: { files: 'required' },
        });
        const empty = await upload(hcp.token, requestId, [
          file('empty.pdf', Buffer.alloc(0)),
        ]).expect(400);
        expect(empty.body.errors).toEqual({ files: 'empty' });
        await expectNothingStored();
      });

      it.each([
        ['a Windows executable named .pdf', () => files.mzExecutable()],
        ['an ELF executable named .pdf', () => files.elfExecutable()],
        ['a shell script named .pdf', () => files.shellScript()],
        ['a zip named .pdf', () => files.plainZip()],
      ])('should refuse %s, and the good file sent with it', async (_what, make) => {
        const res = await upload(hcp.token, requestId, [
          file('good.pdf', files.pdf()),
          file('report.pdf', await make()),
        ]).expect(400);
        expect(res.body.errors).toEqual({ files: 'fileType' });
        expect(res.body.message).toBe(
          'report.pdf: only DOC, DOCX, JPG, PDF, PNG, TXT, XLS and XLSX files are accepted',
        );
        await expectNothingStored();
      });

      it('should accept every type by its content, whatever the name says', async () => {
        const res = await upload(hcp.token, requestId, [
          file('a.doc', files.doc()),
          file('b.docx', await files.docx()),
          file('c.xls', files.xls()),
          file('d.xlsx', await files.xlsx()),
          file('e.jpg', files.jpg()),
          file('scan', files.png()),
          file('notes.txt', files.txt()),
        ]).expect(201);
        expect((res.body as { kind: string; contentType: string }[]).map((f) => f.kind)).toEqual([
          'doc',
          'docx',
          'xls',
          'xlsx',
          'jpg',
          'png',
          'txt',
        ]);
      });

      it.each([
        ['../../etc/passwd', 'path'],
        ['..', 'path'],
        ['scans/ct.png', 'path'],
        ['C:\\Users\\dr\\ct.png', 'path'],
        // A raw NUL breaks the part's header itself.
        ['ct\u0000.png', 'multipart'],
        [`${'a'.repeat(252)}.png`, 'tooLong'],
        [`${'ü'.repeat(126)}.png`, 'tooLong'],
      ])('should refuse the name %j', async (name, code) => {
        const res = await upload(hcp.token, requestId, [file(name, files.png())]).expect(400);
        expect(res.body.errors).toEqual({ files: code });
        await expectNothingStored();
      });

      it('should refuse control characters in an RFC 5987 encoded name', async () => {
        for (const name of ['ct\u0000.png', 'ct\u0007.png', 'ct\n.png']) {
          const res = await upload(hcp.token, requestId, [
            { field: 'files', filename: name, content: files.png(), encoded: true },
          ]).expect(400);
          expect(res.body.errors).toEqual({ files: 'controlCharacter' });
        }
        await expectNothingStored();
      });

      it('should keep a name of 255 bytes and show it cleaned of invisible characters', async () => {
        const res = await upload(hcp.token, requestId, [
          file(`${'a'.repeat(251)}.png`, files.png()),
          file('invoice\u202Efdp.exe.txt', files.txt()),
        ]).expect(201);
        expect((res.body as { name: string }[]).map((f) => f.name)).toEqual([
          `${'a'.repeat(251)}.png`,
          'invoicefdp.exe.txt',
        ]);
      });

      it('should refuse a body that is not multipart and a file under another field', async () => {
        const json = await request(t.http)
          .post(`/api/files/${requestId}`)
          .set(auth(hcp.token))
          .send({ files: 'x' })
          .expect(400);
        expect(json.body.errors).toEqual({ files: 'multipart' });
        const other = await upload(hcp.token, requestId, [
          { field: 'attachment', filename: 'a.pdf', content: files.pdf() },
        ]).expect(400);
        expect(other.body.errors).toEqual({ attachment: 'unknownField' });
        await expectNothingStored();
      });
    });

    describe('the spec’s calls under /files', () => {
      let folder: string;

      beforeAll(async () => {
        await clearFiles();
        const [{ user_source }] = await t.dataSource.query<{ user_source: string }[]>(
          'SELECT user_source FROM app_user WHERE id = $1',
          [hcp.id],
        );
        folder = `${requestId}/${user_source}`;
      });

      const post = (path: string, token: string | undefined, body: object): request.Test =>
        request(t.http).post(`/files/${path}`).set(auth(token)).send(body);

      it('should upload, list, download (one and all, base64) and delete through the folder path', async () => {
        const pdf = files.pdf('Discharge letter');
        const txt = files.txt();
        const up = await specUpload(hcp.token, [
          { field: 'filepath', value: folder },
          { field: 'filecontent', filename: 'letter.pdf', content: pdf },
          { field: 'filecontent', filename: 'labs.txt', content: txt },
        ]).expect(200);
        expect((up.body as { name: string }[]).map((f) => f.name)).toEqual([
          'letter.pdf',
          'labs.txt',
        ]);

        const listed = await post('list', clinops.token, { folder_path: folder }).expect(200);
        expect(listed.body).toEqual(
          expect.arrayContaining([
            { name: 'letter.pdf', size: pdf.length, timestamp: expect.any(String) },
            { name: 'labs.txt', size: txt.length, timestamp: expect.any(String) },
          ]),
        );

        const one = await post('download', clinops.token, {
          folder_path: folder,
          file_name: 'letter.pdf',
        }).expect(200);
        expect(one.headers['content-type']).toMatch(/^text\/plain/);
        expect(Buffer.from(one.text, 'base64').equals(pdf)).toBe(true);

        const all = await post('download', hcp.token, { folder_path: folder }).expect(200);
        const entries = unzipSync(new Uint8Array(Buffer.from(all.text, 'base64')));
        expect(Object.keys(entries).sort()).toEqual(['labs.txt', 'letter.pdf']);
        expect(Buffer.from(entries['labs.txt']).equals(txt)).toBe(true);

        const deleted = await post('delete', hcp.token, { file_path: `${folder}/labs.txt` }).expect(
          200,
        );
        expect(deleted.body).toEqual({ deleted: 'labs.txt' });
        expect(await rows()).toBe(1);
        expect(await driver.objects()).toHaveLength(1);
      });

      it('should refuse folders of other callers, wrong sources and paths that escape the folder', async () => {
        for (const token of [otherHcp.token, otherClinops.token]) {
          await post('list', token, { folder_path: folder }).expect(403);
          await post('download', token, { folder_path: folder }).expect(403);
          await post('delete', token, { file_path: `${folder}/letter.pdf` }).expect(403);
          await specUpload(token, [
            { field: 'filepath', value: folder },
            { field: 'filecontent', filename: 'x.pdf', content: files.pdf() },
          ]).expect(403);
        }
        await post('list', undefined, { folder_path: folder }).expect(401);
        await post('list', hcp.token, { folder_path: `${requestId}/some_other_partner` }).expect(
          404,
        );
        for (const folderPath of [
          `../${requestId}/ancora_hcp`,
          `${requestId}/ancora_hcp/..`,
          `${requestId}/../${otherRequestId}`,
          `/etc/passwd`,
          requestId,
        ]) {
          const res = await post('list', hcp.token, { folder_path: folderPath }).expect(400);
          expect(res.body.errors).toEqual({ folder_path: 'folderPath' });
        }
        for (const filePath of [
          `${folder}/../../${otherRequestId}/ancora_hcp/x.pdf`,
          `${folder}/..`,
          `${folder}/`,
        ]) {
          await post('delete', hcp.token, { file_path: filePath }).expect(400);
        }
        await post('download', hcp.token, {
          folder_path: folder,
          file_name: '../letter.pdf',
        }).expect(404);
        expect(await rows()).toBe(1);
        expect(await rows(otherRequestId)).toBe(0);
      });

      it('should refuse files sent before the folder path, and nothing is stored', async () => {
        const res = await specUpload(hcp.token, [
          { field: 'filecontent', filename: 'x.pdf', content: files.pdf() },
          { field: 'filepath', value: folder },
        ]).expect(400);
        expect(res.body.errors).toEqual({ filepath: 'required' });
        expect(await rows()).toBe(1);
        expect(await driver.objects()).toHaveLength(1);
      });
    });

    describe('when an account or a request goes', () => {
      const queued = async (): Promise<number> => {
        const [{ n }] = await t.dataSource.query<{ n: number }[]>(
          'SELECT count(*)::int AS n FROM stored_file_deletion',
        );
        return n;
      };

      /** A new HCP with a request of their own holding two files; the store's objects before. */
      const hcpWithFiles = async (): Promise<{ token: string; id: string; before: string[] }> => {
        await t.app.get(StoredFilesSweeper).sweep();
        const before = await driver.objects();
        const e = await registerUser(t.http, t.dataSource);
        const id = await insertTrialRequest(t.dataSource, {
          userId: e.user._id,
          facilityId: siteId,
        });
        await upload(e.token, id, [
          file('biopsy.pdf', files.pdf('Biopsy of the left lung')),
          file('scan.png', files.png()),
        ]).expect(201);
        expect(await driver.objects()).toHaveLength(before.length + 2);
        return { token: e.token, id: e.user._id, before };
      };

      it('should delete the bytes of a deleted HCP account’s files from the store', async () => {
        const gone = await hcpWithFiles();
        await request(t.http).delete(`/api/hcp/user/${gone.id}`).set(auth(gone.token)).expect(204);
        expect(await queued()).toBe(2);

        expect(await t.app.get(StoredFilesSweeper).sweep()).toEqual({ deleted: 2, failed: 0 });
        expect((await driver.objects()).sort()).toEqual([...gone.before].sort());
        expect(await queued()).toBe(0);
      });

      it('should keep the deletion queued while the store is down and finish it once it is back', async () => {
        const gone = await hcpWithFiles();
        await request(t.http).delete(`/api/hcp/user/${gone.id}`).set(auth(gone.token)).expect(204);
        await driver.breakStore();
        try {
          expect(await t.app.get(StoredFilesSweeper).sweep()).toEqual({ deleted: 0, failed: 2 });
        } finally {
          await driver.repairStore();
        }
        expect(await queued()).toBe(2);
        expect(await driver.objects()).toHaveLength(gone.before.length + 2);

        // The retry is due a minute later: bring it forward instead of waiting.
        await t.dataSource.query('UPDATE stored_file_deletion SET next_attempt_at = now()');
        expect(await t.app.get(StoredFilesSweeper).sweep()).toEqual({ deleted: 2, failed: 0 });
        expect((await driver.objects()).sort()).toEqual([...gone.before].sort());
        expect(await queued()).toBe(0);
      });
    });

    describe('when the store is down', () => {
      let fileId: string;

      beforeAll(async () => {
        await clearFiles();
        const res = await upload(hcp.token, requestId, [file('kept.pdf', files.pdf())]).expect(201);
        fileId = (res.body as { id: string }[])[0].id;
        await driver.breakStore();
      });

      afterAll(async () => {
        await driver.repairStore();
      });

      it('should answer 503 with a clear message and store nothing', async () => {
        const res = await upload(hcp.token, requestId, [file('new.pdf', files.pdf())]).expect(503);
        expect(res.body.message).toBe(
          'File storage is unavailable at the moment. Please try again later.',
        );
        expect(res.body).not.toHaveProperty('stack');
        expect(await rows()).toBe(1);
        await request(t.http)
          .get(`/api/files/${requestId}/${fileId}`)
          .set(auth(hcp.token))
          .expect(503);
        await request(t.http).get(`/api/files/${requestId}/zip`).set(auth(hcp.token)).expect(503);
        // A delete keeps the file listed until the store has really dropped it.
        await request(t.http)
          .delete(`/api/files/${requestId}/${fileId}`)
          .set(auth(hcp.token))
          .expect(503);
        const listed = await list(hcp.token).expect(200);
        expect((listed.body as { id: string }[]).map((f) => f.id)).toEqual([fileId]);
      });
    });
  },
);

describe(`${FilesController.name} (FEATURE_FILE_UPLOAD=false)`, () => {
  let t: TestApp;
  let token: string;
  let requestId: string;

  beforeAll(async () => {
    t = await createTestApp({ ...FAST_CAPTCHA_ENV, FEATURE_FILE_UPLOAD: 'false' });
    const hcp = await registerUser(t.http, t.dataSource);
    token = hcp.token;
    requestId = await insertTrialRequest(t.dataSource, {
      userId: hcp.user._id,
      facilityId: await insertFacility(t.dataSource),
    });
  }, 60_000);

  afterAll(() => t?.close());

  it('should answer 404 on every files call and store nothing', async () => {
    const { body, contentType } = multipart([file('a.pdf', files.pdf())]);
    const calls = [
      request(t.http).get(`/api/files/${requestId}`),
      request(t.http).get(`/api/files/${requestId}/zip`),
      request(t.http).post(`/api/files/${requestId}`).set('Content-Type', contentType).send(body),
      request(t.http)
        .post('/files/list')
        .send({ folder_path: `${requestId}/ancora_hcp` }),
    ];
    for (const call of calls) {
      const res = await call.set('Authorization', `Bearer ${token}`).expect(404);
      expect(res.body.message).toBe('Medical files are turned off on this site.');
    }
    const [{ n }] = await t.dataSource.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM medical_file',
    );
    expect(n).toBe(0);
  });
});
