import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FacilitiesRepository } from './facilities.repository';
import { Facility } from './facility.entity';

/** Facilities: the stable identity of trial sites (groups and their endpoints come later). */
@Module({
  imports: [TypeOrmModule.forFeature([Facility])],
  providers: [FacilitiesRepository],
  exports: [FacilitiesRepository],
})
export class FacilitiesModule {}
