import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A city of the bundled gazetteer (gazetteer.ts), filled by the start-up loader. The search_*
 * columns hold normalizePlaceText() of the shown ones. The two search indexes use operator
 * classes TypeORM cannot declare, so the migration owns them.
 */
@Entity({ name: 'place' })
@Index('IDX_place_search_name_trgm', { synchronize: false })
@Index('IDX_place_search_name_prefix', { synchronize: false })
export class Place {
  /** The GeoNames id. */
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'search_name', type: 'text' })
  searchName: string;

  /** First-level region (state, Land, province); '' when GeoNames names none. */
  @Column({ type: 'text' })
  region: string;

  @Column({ name: 'search_region', type: 'text' })
  searchRegion: string;

  /** ISO 3166-1 alpha-2. */
  @Column({ name: 'country_code', type: 'varchar', length: 2 })
  countryCode: string;

  /** English country name. */
  @Column({ type: 'text' })
  country: string;

  @Column({ name: 'search_country', type: 'text' })
  searchCountry: string;

  @Column({ type: 'double precision' })
  latitude: number;

  @Column({ type: 'double precision' })
  longitude: number;

  @Column({ type: 'integer' })
  population: number;
}
