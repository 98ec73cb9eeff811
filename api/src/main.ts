import 'reflect-metadata';
import { createApp } from './app';
import { createRootLogger } from './common/logging/logger';
import { loadEnvOrExit } from './config/load-env';
import { EmbeddedPostgresError } from './database/embedded-postgres';
import { resolveDatabase } from './database/resolve-database';
import { SearchIndexService } from './search/index/search-index.service';

async function bootstrap(): Promise<void> {
  const env = loadEnvOrExit();
  const logger = createRootLogger(
    env.LOG_LEVEL,
    env.NODE_ENV === 'development' && process.stdout.isTTY,
  );
  const database = await resolveDatabase(
    env,
    (m) => logger.info({ context: 'EmbeddedPostgres' }, m),
    { supervise: true, warn: (m) => logger.warn({ context: 'EmbeddedPostgres' }, m) },
  );

  let shuttingDown = false;
  const app = await createApp({ env, databaseUrl: database.url, logger }).catch(
    async (error: unknown) => {
      await database.embedded?.stop();
      throw error;
    },
  );

  const shutdown = async (signal: string): Promise<void> => {
    if (shuttingDown) {
      return;
    }
    shuttingDown = true;
    logger.info({ signal }, 'Shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.embedded?.stop();
    } catch (error) {
      logger.error({ err: error }, 'Error during shutdown');
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen(env.PORT, env.HOST);
  app.get(SearchIndexService).warm();
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  logger.info(
    { context: 'Bootstrap' },
    `Trialflow is running at http://${shownHost}:${env.PORT} (API docs: http://${shownHost}:${env.PORT}/api/docs)`,
  );
}

bootstrap().catch((error: unknown) => {
  if (error instanceof EmbeddedPostgresError) {
    process.stderr.write(`Trialflow cannot start. ${error.message}\n`);
  } else {
    process.stderr.write(
      `Trialflow failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
