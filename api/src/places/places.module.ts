import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Place } from './place.entity';
import { PlaceGazetteerState } from './place-gazetteer-state.entity';
import { PlaceName } from './place-name.entity';
import { PlacePostcode } from './place-postcode.entity';
import { PlacesController } from './places.controller';
import { PlacesLoader } from './places-loader';
import { PlacesRepository } from './places.repository';
import { PlacesService } from './places.service';

/** Places: the bundled gazetteer in Postgres, its autocomplete, and the visitor's country. */
@Module({
  imports: [TypeOrmModule.forFeature([Place, PlaceGazetteerState, PlaceName, PlacePostcode])],
  controllers: [PlacesController],
  providers: [PlacesRepository, PlacesLoader, PlacesService],
  exports: [PlacesService],
})
export class PlacesModule {}
