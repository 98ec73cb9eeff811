import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { EventsModule } from '../events/events.module';
import { FacilityProgress } from '../facility-progress/facility-progress.entity';
import { UsersModule } from '../users/users.module';
import { ProgressController } from './progress.controller';
import { ProgressRepository } from './progress.repository';
import { ProgressService } from './progress.service';
import { TrialRequest } from './trial-request.entity';
import { TrialRequestStatusChange } from './trial-request-status-change.entity';

/** Trial requests (referrals), their statuses and history, the 50-request limit. */
@Module({
  imports: [
    TypeOrmModule.forFeature([TrialRequest, TrialRequestStatusChange, FacilityProgress]),
    UsersModule,
    AuditModule,
    EventsModule,
  ],
  controllers: [ProgressController],
  providers: [ProgressRepository, ProgressService],
  exports: [ProgressService],
})
export class ProgressModule {}
