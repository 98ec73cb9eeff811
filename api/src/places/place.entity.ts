import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * The columns a gazetteer city and a postcode's place share (the same names and types in both
 * tables): its name, region, country, coordinates and population.
 */
export abstract class PlaceColumns {
  /** As shown. */
  @Column({ type: 'text' })
  name: string;

  /** normalizePlaceText() of the name. */
  @Column({ name: 'search_name', type: 'text' })
  searchName: string;

  /** First-level region (state, Land, province); '' when GeoNames names none. */
  @Column({ type: 'text' })
  region: string;

  /** ISO 3166-1 alpha-2. */
  @Column({ name: 'country_code', type: 'varchar', length: 2 })
  countryCode: string;

  /** English country name. */
  @Column({ type: 'text' })
  country: string;

  @Column({ type: 'double precision' })
  latitude: number;

  @Column({ type: 'double precision' })
  longitude: number;

  /** Of the city (of the city the code belongs to; 0 when unknown). Ranks the matches. */
  @Column({ type: 'integer' })
  population: number;
}

/**
 * A city of the bundled gazetteer (gazetteer.ts), filled by the start-up loader. The search_*
 * columns hold normalizePlaceText() of the shown ones. The two search indexes use operator
 * classes TypeORM cannot declare, so the migration owns them.
 */
@Entity({ name: 'place' })
@Index('IDX_place_search_name_trgm', { synchronize: false })
@Index('IDX_place_search_name_prefix', { synchronize: false })
export class Place extends PlaceColumns {
  /** The GeoNames id. */
  @PrimaryColumn({ type: 'integer' })
  id: number;

  @Column({ name: 'search_region', type: 'text' })
  searchRegion: string;

  @Column({ name: 'search_country', type: 'text' })
  searchCountry: string;
}
