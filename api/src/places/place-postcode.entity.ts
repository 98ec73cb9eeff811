import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { PlaceColumns } from './place.entity';

/**
 * A postcode and its place with coordinates (postcodes.ts), filled by the start-up loader with
 * the place table; the place's columns are those of a city (PlaceColumns), the coordinates the
 * code's own where its package has them. The prefix index uses an operator class TypeORM cannot
 * declare, so the migration owns it.
 */
@Entity({ name: 'place_postcode' })
@Index('IDX_place_postcode_search_postcode_prefix', { synchronize: false })
export class PlacePostcode extends PlaceColumns {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** As the country writes it ("02115", "T0A"). */
  @Column({ type: 'text' })
  postcode: string;

  /** normalizePostcode() of it. */
  @Column({ name: 'search_postcode', type: 'text' })
  searchPostcode: string;

  /** normalizePlaceText() of region and country, then the country code in lower case. */
  @Column({ name: 'search_area', type: 'text' })
  searchArea: string;
}
