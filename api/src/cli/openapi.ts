import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp } from '../app';
import { createRootLogger } from '../common/logging/logger';
import { validateEnv } from '../config/env';
import { buildOpenApiDocument } from '../openapi';

/** Writes openapi.json from the app's controllers, without a database. */
async function main(): Promise<void> {
  const out = resolve(process.argv[2] ?? 'openapi.json');
  const env = validateEnv({ LOG_LEVEL: 'silent', WEB_DIST_DIR: '' });
  const app = await createApp({
    env,
    databaseUrl: null,
    logger: createRootLogger('silent', false),
  });
  const document = buildOpenApiDocument(app);
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  await app.close();
  process.stdout.write(`Wrote ${out}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
