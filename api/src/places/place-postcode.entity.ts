import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A postcode and its place with coordinates (postcodes.ts), filled by the start-up loader with
 * the place table. The prefix index uses an operator class TypeORM cannot declare, so the
 * migration owns it.
 */
@Entity({ name: 'place_postcode' })
@Index('IDX_place_postcode_search_postcode_prefix', { synchronize: false })
export class PlacePostcode {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** ISO 3166-1 alpha-2. */
  @Column({ name: 'country_code', type: 'varchar', length: 2 })
  countryCode: string;

  /** As the country writes it ("02115", "T0A"). */
  @Column({ type: 'text' })
  postcode: string;

  /** normalizePostcode() of it. */
  @Column({ name: 'search_postcode', type: 'text' })
  searchPostcode: string;

  /** The place's name as shown. */
  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'search_name', type: 'text' })
  searchName: string;

  @Column({ type: 'text' })
  region: string;

  /** English country name. */
  @Column({ type: 'text' })
  country: string;

  /** normalizePlaceText() of region and country, then the country code in lower case. */
  @Column({ name: 'search_area', type: 'text' })
  searchArea: string;

  @Column({ type: 'double precision' })
  latitude: number;

  @Column({ type: 'double precision' })
  longitude: number;

  /** Of the gazetteer city the code belongs to; 0 when unknown. Ranks codes of one prefix. */
  @Column({ type: 'integer' })
  population: number;
}
