import type { TestPostgres } from './test-postgres';

export default async function globalTeardown(): Promise<void> {
  const pg = (globalThis as { __TEST_PG__?: TestPostgres }).__TEST_PG__;
  await pg?.stop();
}
