import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';
import type { EligibilityRule } from '@trialflow/contract';
import type { SiteContact, TrialIntervention } from '../trials/ctgov/ctgov-record';

export interface TrialRow {
  id: number;
  nct_id: string;
  brief_title: string;
  official_title: string;
  brief_summary: string;
  phases: string[];
  overall_status: string;
  study_type: string;
  specificity: string;
  conditions: string[];
  sponsor: string;
  start_date: string | null;
  last_update_date: string | null;
  interventions: TrialIntervention[];
  genes: string[];
  minimum_age_years: string | null;
  maximum_age_years: string | null;
  sex: string;
  eligibility_inclusion: string;
  eligibility_exclusion: string;
  rules: EligibilityRule[];
}

export interface SiteRow {
  id: number;
  trial_id: number;
  facility_id: number;
  facility_name: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  status: string;
  contacts: SiteContact[];
  lat: number | null;
  lon: number | null;
  /** lat/lon are the city's from the gazetteer, not the record's. */
  approximate_location: boolean;
  meters: number | null;
}

const TRIAL_COLUMNS = `id, nct_id, brief_title, official_title, brief_summary, phases, overall_status,
  study_type, specificity, conditions, sponsor, start_date::text, last_update_date::text,
  interventions, genes, minimum_age_years, maximum_age_years, sex, eligibility_inclusion,
  eligibility_exclusion, rules`;

/** What a result card needs of a trial: no eligibility texts, no summary (details only). */
const SUMMARY_COLUMNS = `id, nct_id, brief_title, official_title, phases, overall_status, study_type,
  specificity, conditions, sponsor, start_date::text, interventions, rules`;

export type SummaryRow = Pick<
  TrialRow,
  | 'id'
  | 'nct_id'
  | 'brief_title'
  | 'official_title'
  | 'phases'
  | 'overall_status'
  | 'study_type'
  | 'specificity'
  | 'conditions'
  | 'sponsor'
  | 'start_date'
  | 'interventions'
  | 'rules'
>;

const SITE_COLUMNS = `id, trial_id, facility_id, facility_name, city, state, zip, country, status,
  contacts, lat, lon, approximate_location`;

/** Sites of some trials with their distance (Postgres earthdistance) to a point. */
const SITES_WITH_DISTANCE = `SELECT s.id, s.trial_id, s.facility_id, s.facility_name, s.city,
    s.state, s.zip, s.country, s.status, s.contacts, s.lat, s.lon, s.approximate_location,
    CASE WHEN s.lat IS NULL OR s.lon IS NULL OR $2::float8 IS NULL THEN NULL
         ELSE earth_distance(ll_to_earth(s.lat, s.lon), ll_to_earth($2, $3)) END AS meters
  FROM site s WHERE s.trial_id = ANY($1::int[])`;

/** The search's reads of the trial store (raw SQL over trial and site) and their row caches. */
@Injectable()
export class SearchRepository {
  /**
   * Result-card rows and nearest-site rows by store version and id: the same trials come back
   * page after page and search after search, and they only change with the store version.
   */
  private readonly rows = new LRUCache<string, SummaryRow>({ max: 20_000 });
  private readonly siteRows = new LRUCache<string, SiteRow>({ max: 20_000 });

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Result-card rows by trial id, as of this store version. */
  findSummaryRowsByIds(version: string, ids: number[]): Promise<Map<number, SummaryRow>> {
    return this.cachedById(
      this.rows,
      version,
      ids,
      `SELECT ${SUMMARY_COLUMNS} FROM trial WHERE id = ANY($1::int[])`,
    );
  }

  /** Site rows by site id (no distance), as of this store version. */
  findSiteRowsByIds(version: string, ids: number[]): Promise<Map<number, SiteRow>> {
    return this.cachedById(
      this.siteRows,
      version,
      ids,
      `SELECT ${SITE_COLUMNS}, NULL::float8 AS meters FROM site WHERE id = ANY($1::int[])`,
    );
  }

  /** Result-card rows by NCT id, uncached (trials outside the index). */
  findSummaryRowsByNctIds(nctIds: string[]): Promise<SummaryRow[]> {
    return this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS} FROM trial WHERE nct_id = ANY($1::text[])`,
      [nctIds],
    );
  }

  /** One trial with every column the details screen shows, or null. */
  async findTrialByNctId(nctId: string): Promise<TrialRow | null> {
    const rows: TrialRow[] = await this.dataSource.query(
      `SELECT ${TRIAL_COLUMNS} FROM trial WHERE nct_id = $1`,
      [nctId],
    );
    return rows[0] ?? null;
  }

  /** The sites of some trials by trial id, nearest to (lat, lon) first; no point, no distance. */
  async findSitesByTrialIds(
    trialIds: number[],
    lat: number | null,
    lon: number | null,
  ): Promise<Map<number, SiteRow[]>> {
    const out = new Map<number, SiteRow[]>();
    if (trialIds.length === 0) {
      return out;
    }
    const rows: SiteRow[] = await this.dataSource.query(
      `${SITES_WITH_DISTANCE} ORDER BY meters NULLS LAST, s.id`,
      [trialIds, lat, lon],
    );
    for (const row of rows) {
      const list = out.get(row.trial_id) ?? [];
      list.push(row);
      out.set(row.trial_id, list);
    }
    return out;
  }

  /** Rows by id from the cache of this store version, the missing ones read with `sql`. */
  private async cachedById<R extends { id: number }>(
    cache: LRUCache<string, R>,
    version: string,
    ids: number[],
    sql: string,
  ): Promise<Map<number, R>> {
    const out = new Map<number, R>();
    const wanted: number[] = [];
    for (const id of ids) {
      const row = cache.get(`${version}:${id}`);
      if (row) out.set(id, row);
      else wanted.push(id);
    }
    if (wanted.length > 0) {
      for (const row of await this.dataSource.query<R[]>(sql, [wanted])) {
        cache.set(`${version}:${row.id}`, row);
        out.set(row.id, row);
      }
    }
    return out;
  }
}
