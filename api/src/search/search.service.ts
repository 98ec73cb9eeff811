import { Injectable, NotFoundException } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import {
  type NearestBeyondDto,
  toDistance,
  toSearchPage,
  toTrialSite,
  toTrialSummary,
  type TrialDetailsDto,
  type TrialSearchResponseDto,
  type TrialSummaryDto,
  type TrialSummaryResponseDto,
} from './dto/trial-search-response.dto';
import type { TrialSearchDto, TrialSummaryRequestDto } from './dto/trial-search.dto';
import type { IndexResult } from './index/index-types';
import type { SearchIndex } from './index/search-index';
import { EARTH_RADIUS_KM } from './index/geo-cells';
import { SearchIndexService } from './index/search-index.service';
import {
  fromKm,
  isOpenSiteStatus,
  MAX_RADIUS,
  PAGE_SIZE,
  RADIUS_CHOICES,
  toKm,
} from '@trialflow/contract';
import { SearchRepository } from './search.repository';
import { indexQueryKey, type ResolvedSearch, toDetailsQuery, toIndexQuery } from './to-index-query';

/**
 * The trial search (spec 02 §7 calls 1 and 2) and the details screen: converts the request
 * (to-index-query.ts), searches the in-memory index, reads the rows of the page
 * (search.repository.ts) and maps them (the response DTO file).
 */
@Injectable()
export class SearchService {
  /** Whole sorted results by query (paging through a result, call 1 then call 2). */
  private readonly cache = new LRUCache<string, IndexResult>({
    max: 256,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (r) => r.keys.byteLength + 4096,
  });

  constructor(
    private readonly indexes: SearchIndexService,
    private readonly repository: SearchRepository,
  ) {}

  /** Spec call 1: the page of hits, the total, facets and open questions. */
  async search(dto: TrialSearchDto): Promise<TrialSearchResponseDto> {
    const resolved = toIndexQuery(dto);
    const { index, result } = await this.run(resolved);
    const { page, unit, query } = resolved;
    const hits = index.hits(result, (page - 1) * PAGE_SIZE, page * PAGE_SIZE, query);
    return {
      ...toSearchPage(
        result,
        page,
        unit,
        query.condition,
        await this.nearestBeyond(resolved, result),
      ),
      nctIds: hits.map((h) => h.nctId),
      trials: hits.map((h) => ({
        nctId: h.nctId,
        score: h.score,
        distance: toDistance(h.distanceKm, unit),
        facilityId: h.facilityId,
      })),
    };
  }

  /** Spec call 2: summaries with reasons, for the page or for the trials named. */
  async summary(dto: TrialSummaryRequestDto): Promise<TrialSummaryResponseDto> {
    const resolved = toIndexQuery(dto);
    const { index, result, version } = await this.run(resolved);
    const { page, unit, query } = resolved;
    // The trials named (spec call 2 after call 1), else the page of the search.
    const named = dto.trials?.map((n) => n.toUpperCase());
    const positions = named?.map((n) => index.positionOf(n));
    const hits = positions
      ? index.hitsAt(
          positions.filter((p) => p >= 0),
          query,
        )
      : index.hits(result, (page - 1) * PAGE_SIZE, page * PAGE_SIZE, query);
    const [rows, sites] = await Promise.all([
      this.repository.findSummaryRowsByIds(
        version,
        hits.map((h) => h.trialId),
      ),
      this.repository.findSiteRowsByIds(
        version,
        hits.filter((h) => h.siteId >= 0).map((h) => h.siteId),
      ),
    ]);
    const cards = new Map<string, TrialSummaryDto>();
    for (const hit of hits) {
      const row = rows.get(hit.trialId);
      if (!row) {
        continue;
      }
      const site = sites.get(hit.siteId);
      cards.set(row.nct_id, {
        ...toTrialSummary(row, query.criterions, query.now, false, query.condition),
        nearestSite: site ? toTrialSite({ ...site, meters: hit.distanceKm * 1000 }, unit) : null,
        sitesInRadius: hit.sitesInRadius,
      });
    }
    // Named trials the index does not hold (no longer recruiting, no open site): from Postgres.
    const unindexed = named?.filter((_, i) => positions![i] < 0) ?? [];
    if (unindexed.length > 0) {
      for (const card of await this.unindexedSummaries(unindexed, resolved)) {
        cards.set(card.nctId, card);
      }
    }
    const order = named ?? hits.map((h) => h.nctId);
    const beyond = named ? null : await this.nearestBeyond(resolved, result);
    return {
      ...toSearchPage(result, page, unit, query.condition, beyond),
      trials: order.flatMap((n) => (cards.has(n) ? [cards.get(n)!] : [])),
    };
  }

  /** The details screen: one trial, its evaluation for the answers in q, its sites nearest first. */
  async details(
    nctId: string,
    q: string | undefined,
    facility?: number,
    siteLimit?: number,
  ): Promise<TrialDetailsDto> {
    const trial = await this.repository.findTrialByNctId(nctId.toUpperCase());
    if (!trial) {
      throw new NotFoundException(`No trial ${nctId.toUpperCase()} is stored.`);
    }
    const { criterions, now, lat, lon, unit, radius, evaluated, condition } = toDetailsQuery(q);
    const sites =
      (await this.repository.findSitesByTrialIds([trial.id], lat, lon)).get(trial.id) ?? [];
    sites.sort(
      (a, b) =>
        Number(b.facility_id === facility) - Number(a.facility_id === facility) ||
        (a.meters ?? Infinity) - (b.meters ?? Infinity) ||
        a.id - b.id,
    );
    const open = sites.filter((s) => s.meters !== null && isOpenSiteStatus(s.status));
    const nearest = [...open].sort((a, b) => a.meters! - b.meters!)[0];
    return {
      ...toTrialSummary(trial, criterions, now, true, condition),
      nearestSite: nearest ? toTrialSite(nearest, unit) : null,
      sitesInRadius: Number.isFinite(radius)
        ? open.filter((s) => s.meters! <= toKm(radius, unit) * 1000).length
        : 0,
      briefSummary: trial.brief_summary,
      lastUpdateDate: trial.last_update_date,
      minimumAgeYears: trial.minimum_age_years === null ? null : Number(trial.minimum_age_years),
      maximumAgeYears: trial.maximum_age_years === null ? null : Number(trial.maximum_age_years),
      sex: trial.sex,
      genes: trial.genes,
      eligibilityInclusion: trial.eligibility_inclusion,
      eligibilityExclusion: trial.eligibility_exclusion,
      unit,
      sites: sites.slice(0, siteLimit ?? sites.length).map((s) => toTrialSite(s, unit)),
      sitesTotal: sites.length,
      registryUrl: `https://clinicaltrials.gov/study/${trial.nct_id}`,
      evaluated,
    };
  }

  /** Summaries of named trials outside the index, with their sites' distances from Postgres. */
  private async unindexedSummaries(
    nctIds: string[],
    { query, unit }: ResolvedSearch,
  ): Promise<TrialSummaryDto[]> {
    const rows = await this.repository.findSummaryRowsByNctIds(nctIds);
    const sites = await this.repository.findSitesByTrialIds(
      rows.map((t) => t.id),
      query.lat,
      query.lon,
    );
    const facilities = query.facilityIds ? new Set(query.facilityIds) : null;
    const radiusMeters = query.radiusKm * 1000;
    return rows.map((t) => {
      const open = (sites.get(t.id) ?? []).filter(
        (s) =>
          s.meters !== null &&
          isOpenSiteStatus(s.status) &&
          (!facilities || facilities.has(s.facility_id)),
      );
      return {
        ...toTrialSummary(t, query.criterions, query.now, false, query.condition),
        nearestSite: open.length > 0 ? toTrialSite(open[0], unit) : null,
        sitesInRadius: open.filter((s) => s.meters! <= radiusMeters).length,
      };
    });
  }

  /**
   * No trial inside the radius (issue 15): the nearest beyond it, counted up to the smallest
   * offered radius that holds one, so the doctor sees "3 trials between 1,000 and 2,500 km".
   * Two more index searches (cached like any other), only for an empty result.
   */
  private async nearestBeyond(
    resolved: ResolvedSearch,
    result: IndexResult,
  ): Promise<NearestBeyondDto | null> {
    const { query, unit } = resolved;
    const widest = Math.min(toKm(MAX_RADIUS, unit), Math.PI * EARTH_RADIUS_KM);
    if (result.total > 0 || query.radiusKm >= widest) {
      return null;
    }
    const everywhere = {
      ...resolved,
      query: { ...query, radiusKm: widest, sort: 'distance' as const },
    };
    const { index, result: all } = await this.run(everywhere);
    if (all.total === 0) {
      return null;
    }
    const [nearest] = index.hits(all, 0, 1, everywhere.query);
    const from = fromKm(query.radiusKm, unit);
    const nearestInUnit = fromKm(nearest.distanceKm, unit);
    const to = RADIUS_CHOICES.find((r) => r > from && r >= nearestInUnit) ?? MAX_RADIUS;
    const band = { ...resolved, query: { ...query, radiusKm: toKm(to, unit) } };
    const { result: inBand } = await this.run(band);
    if (inBand.total === 0) {
      return null;
    }
    return {
      count: inBand.total,
      from: Math.round(from),
      to,
      nearest: toDistance(nearest.distanceKm, unit),
    };
  }

  /** The index's result for a query, from the cache while the store version holds. */
  private async run(
    resolved: ResolvedSearch,
  ): Promise<{ index: SearchIndex; result: IndexResult; version: string }> {
    const current = await this.indexes.get();
    const { index, version } = current;
    const key = indexQueryKey(version, resolved.query);
    let result = this.cache.get(key);
    if (!result) {
      result = await this.indexes.search(current, resolved.query);
      this.cache.set(key, result);
    }
    return { index, result, version };
  }
}
