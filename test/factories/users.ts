import type { DataSource } from 'typeorm';

/** Turns a product user into clinops staff of these facilities (as `npm run user:create` does). */
export async function makeClinops(
  dataSource: DataSource,
  userId: string,
  facilityIds: number[],
): Promise<void> {
  await dataSource.query('UPDATE app_user SET is_clinops = true, facility_ids = $2 WHERE id = $1', [
    userId,
    facilityIds,
  ]);
}
