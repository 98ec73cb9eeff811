import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Another name a gazetteer city is found by ("München", "Wien", "Cologne"), from GeoNames'
 * alternate names (alternate-names.ts), filled by the start-up loader with the place table.
 * The prefix index uses an operator class TypeORM cannot declare, so the migration owns it.
 */
@Entity({ name: 'place_name' })
@Index('IDX_place_name_search_name_prefix', { synchronize: false })
export class PlaceName {
  @PrimaryColumn({ name: 'place_id', type: 'integer' })
  placeId: number;

  /** normalizePlaceText() of the name. */
  @PrimaryColumn({ name: 'search_name', type: 'text' })
  searchName: string;

  /** The spelling shown by default ("München"). */
  @Column({ type: 'text' })
  name: string;

  /** Other spellings of the same normalised name, tab-separated; the one being typed is shown. */
  @Column({ type: 'text' })
  spellings: string;

  /** The place's population, so the name search ranks without a join. */
  @Column({ type: 'integer' })
  population: number;
}
