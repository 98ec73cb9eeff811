import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Facility } from './facility.entity';

export type NewFacility = Omit<Facility, 'id' | 'createdAt'>;

@Injectable()
export class FacilitiesRepository {
  constructor(@InjectRepository(Facility) private readonly repo: Repository<Facility>) {}

  /**
   * The ids of these facilities by key, creating the ones not stored yet. An existing facility
   * keeps its id and details: the first record that named it wins.
   */
  async ensureIdsByKey(
    facilities: NewFacility[],
    manager: EntityManager = this.repo.manager,
  ): Promise<Map<string, number>> {
    const unique = [...new Map(facilities.map((f) => [f.key, f])).values()];
    if (unique.length === 0) {
      return new Map();
    }
    const col = <K extends keyof NewFacility>(k: K): NewFacility[K][] => unique.map((f) => f[k]);
    // One round trip: the new facilities come back from the insert, the known ones from the
    // table (the statement's snapshot does not see its own inserts, so none comes back twice).
    const rows: { id: number; key: string }[] = await manager.query(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                              $6::text[], $7::float8[], $8::float8[])
           AS u(key, name, city, state, zip, country, lat, lon)
       ), added AS (
         INSERT INTO facility (key, name, city, state, zip, country, lat, lon)
         SELECT * FROM input ON CONFLICT (key) DO NOTHING RETURNING id, key
       )
       SELECT id, key FROM added
       UNION ALL
       SELECT f.id, f.key FROM facility f JOIN input i ON i.key = f.key`,
      [
        col('key'),
        col('name'),
        col('city'),
        col('state'),
        col('zip'),
        col('country'),
        col('lat'),
        col('lon'),
      ],
    );
    const ids = new Map(rows.map((r) => [r.key, r.id]));
    // A facility another import added meanwhile is neither inserted here nor in the snapshot:
    // read it again in a new statement.
    const missing = unique.map((f) => f.key).filter((k) => !ids.has(k));
    if (missing.length > 0) {
      const late: { id: number; key: string }[] = await manager.query(
        'SELECT id, key FROM facility WHERE key = ANY($1::text[])',
        [missing],
      );
      for (const r of late) {
        ids.set(r.key, r.id);
      }
    }
    return ids;
  }

  countAll(): Promise<number> {
    return this.repo.count();
  }
}
