import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createApp } from '../api/src/app';
import { createRootLogger } from '../api/src/common/logging/logger';
import { validateEnv } from '../api/src/config/env';
import { buildOpenApiDocument } from '../api/src/openapi';

const root = join(__dirname, '..');

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

describe('generated code', () => {
  it('should have openapi.json up to date with the controllers (run npm run generate)', async () => {
    const env = validateEnv({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '' });
    const app = await createApp({
      env,
      databaseUrl: null,
      logger: createRootLogger('silent', false),
    });
    try {
      const fresh = buildOpenApiDocument(app);
      const committed = readFileSync(join(root, 'openapi.json'), 'utf8');
      expect(`${JSON.stringify(fresh, null, 2)}\n`).toBe(committed);
    } finally {
      await app.close();
    }
  });

  it('should have web/src/api up to date with openapi.json (run npm run generate)', () => {
    const scratch = mkdtempSync(join(root, 'web', '.generated-check-'));
    try {
      execFileSync(
        process.execPath,
        [join(root, 'node_modules', '@hey-api', 'openapi-ts', 'bin', 'run.js')],
        {
          cwd: join(root, 'web'),
          env: { ...process.env, OPENAPI_TS_OUTPUT: scratch },
          stdio: 'pipe',
        },
      );
      const committedDir = join(root, 'web', 'src', 'api');
      const fresh = listFiles(scratch)
        .map((f) => relative(scratch, f))
        .sort();
      const committed = listFiles(committedDir)
        .map((f) => relative(committedDir, f))
        .sort();
      expect(fresh).toContain('sdk.gen.ts');
      expect(committed).toEqual(fresh);
      for (const file of fresh) {
        expect({ file, text: readFileSync(join(committedDir, file), 'utf8') }).toEqual({
          file,
          text: readFileSync(join(scratch, file), 'utf8'),
        });
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 120_000);
});
