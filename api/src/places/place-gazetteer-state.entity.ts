import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/** The one row saying which gazetteer version the place table holds (gazetteerVersion()). */
@Entity({ name: 'place_gazetteer_state' })
@Check('CHK_place_gazetteer_state_single', '"id" = 1')
export class PlaceGazetteerState {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id: number;

  @Column({ type: 'text', default: '' })
  version: string;

  @Column({ type: 'integer', default: 0 })
  places: number;

  @Column({ name: 'loaded_at', type: 'timestamptz', nullable: true })
  loadedAt: Date | null;
}
