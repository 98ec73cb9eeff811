import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FacilitiesRepository } from './facilities.repository';
import { Facility } from './facility.entity';
import { FacilityGroupMember } from './facility-group-member.entity';
import { FacilityGroup } from './facility-group.entity';
import { FacilityGroupsController } from './facility-groups.controller';
import { FacilityGroupsRepository } from './facility-groups.repository';
import { FacilityGroupsService } from './facility-groups.service';

/** Facilities: the stable identity of trial sites, and the facility groups partners search. */
@Module({
  imports: [TypeOrmModule.forFeature([Facility, FacilityGroup, FacilityGroupMember])],
  controllers: [FacilityGroupsController],
  providers: [FacilitiesRepository, FacilityGroupsRepository, FacilityGroupsService],
  exports: [FacilitiesRepository, FacilityGroupsService],
})
export class FacilitiesModule {}
