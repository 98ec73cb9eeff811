import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Facility } from './facility.entity';
import { FacilityGroup } from './facility-group.entity';
import type { FacilityRef } from './facility-groups-file';

export interface FacilityGroupSummary {
  id: string;
  name: string;
  members: number;
}

export type GroupFacility = Pick<Facility, 'id' | 'name' | 'city' | 'state'>;

@Injectable()
export class FacilityGroupsRepository {
  constructor(@InjectRepository(FacilityGroup) private readonly repo: Repository<FacilityGroup>) {}

  transaction<T>(fn: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.repo.manager.transaction(fn);
  }

  findById(id: string, manager: EntityManager = this.repo.manager): Promise<FacilityGroup | null> {
    return manager.findOneBy(FacilityGroup, { id });
  }

  /** Every group with its member count, by id as a number (3 before 10). */
  async listWithCounts(): Promise<FacilityGroupSummary[]> {
    const rows = await this.repo.manager.query<{ id: string; name: string; members: string }[]>(
      `SELECT g.id, g.name, count(m.facility_id) AS members
       FROM facility_group g LEFT JOIN facility_group_member m ON m.group_id = g.id
       GROUP BY g.id, g.name ORDER BY g.id::int`,
    );
    return rows.map((r) => ({ id: r.id, name: r.name, members: Number(r.members) }));
  }

  /** The member facilities of a group, by facility id. */
  findMembers(groupId: string): Promise<GroupFacility[]> {
    return this.repo.manager.query<GroupFacility[]>(
      `SELECT f.id, f.name, f.city, f.state
       FROM facility_group_member m JOIN facility f ON f.id = m.facility_id
       WHERE m.group_id = $1 ORDER BY f.id`,
      [groupId],
    );
  }

  /**
   * The stored facility id of each reference, in order (null when none matches). Names, cities
   * and countries compare case-insensitively and trimmed.
   */
  async resolveFacilityIds(
    refs: FacilityRef[],
    manager: EntityManager = this.repo.manager,
  ): Promise<(number | null)[]> {
    if (refs.length === 0) {
      return [];
    }
    const col = (pick: (r: FacilityRef) => string | number | null): (string | number | null)[] =>
      refs.map(pick);
    // One facility per key, so a (name, city, country) matches at most one row unless names
    // differ only by punctuation; the lowest id is then taken.
    const rows = await manager.query<{ n: string; id: number | null }[]>(
      `SELECT r.n, (
         SELECT f.id FROM facility f
         WHERE (r.fid IS NOT NULL AND f.id = r.fid)
            OR (r.fid IS NULL AND lower(trim(f.name)) = lower(r.name)
                AND lower(trim(f.city)) = lower(r.city)
                AND lower(trim(f.country)) = lower(r.country))
         ORDER BY f.id LIMIT 1) AS id
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])
            WITH ORDINALITY AS r(fid, name, city, country, n)
       ORDER BY r.n`,
      [
        col((r) => ('id' in r ? r.id : null)),
        col((r) => ('id' in r ? null : r.facility.trim())),
        col((r) => ('id' in r ? null : r.city.trim())),
        col((r) => ('id' in r ? null : r.country.trim())),
      ],
    );
    return rows.map((r) => r.id);
  }

  /** Creates the group or renames it. */
  async upsertGroup(
    id: string,
    name: string,
    manager: EntityManager = this.repo.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO facility_group (id, name) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()`,
      [id, name],
    );
  }

  /** Makes these facilities the group's only members. */
  async replaceMembers(
    groupId: string,
    facilityIds: number[],
    manager: EntityManager = this.repo.manager,
  ): Promise<void> {
    await manager.query('DELETE FROM facility_group_member WHERE group_id = $1', [groupId]);
    await manager.query(
      `INSERT INTO facility_group_member (group_id, facility_id)
       SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [groupId, [...new Set(facilityIds)]],
    );
  }

  /** Adds every stored facility of a country (and city); answers how many were new members. */
  async addMembersByPlace(
    groupId: string,
    country: string,
    city: string | null,
    manager: EntityManager = this.repo.manager,
  ): Promise<number> {
    const rows = await manager.query<unknown[]>(
      `INSERT INTO facility_group_member (group_id, facility_id)
       SELECT $1, f.id FROM facility f
       WHERE lower(trim(f.country)) = lower($2)
         AND ($3::text IS NULL OR lower(trim(f.city)) = lower($3))
       ON CONFLICT DO NOTHING
       RETURNING facility_id`,
      [groupId, country.trim(), city?.trim() ?? null],
    );
    return rows.length;
  }

  async countMembers(groupId: string, manager: EntityManager = this.repo.manager): Promise<number> {
    const rows = await manager.query<{ n: string }[]>(
      'SELECT count(*) AS n FROM facility_group_member WHERE group_id = $1',
      [groupId],
    );
    return Number(rows[0].n);
  }
}
