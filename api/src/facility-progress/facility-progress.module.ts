import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { EventsModule } from '../events/events.module';
import { ProgressModule } from '../progress/progress.module';
import { FacilityProgressController } from './facility-progress.controller';
import { FacilityProgress } from './facility-progress.entity';
import { FacilityProgressRepository } from './facility-progress.repository';
import { FacilityProgressService } from './facility-progress.service';

/** The clinops board: stages and decisions per request, persisted. */
@Module({
  imports: [
    TypeOrmModule.forFeature([FacilityProgress]),
    ProgressModule,
    AuditModule,
    EventsModule,
  ],
  controllers: [FacilityProgressController],
  providers: [FacilityProgressRepository, FacilityProgressService],
})
export class FacilityProgressModule {}
