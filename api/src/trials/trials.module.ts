import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FacilitiesModule } from '../facilities/facilities.module';
import { PlacesModule } from '../places/places.module';
import { SearchModule } from '../search/search.module';
import { CtgovSyncScheduler } from './ctgov/ctgov-sync-scheduler';
import { CtgovSyncState } from './ctgov/ctgov-sync-state.entity';
import { CtgovSyncRepository } from './ctgov/ctgov-sync.repository';
import { CtgovSyncService } from './ctgov/ctgov-sync.service';
import { Site } from './site.entity';
import { Trial } from './trial.entity';
import { TrialsImportService } from './trials-import.service';
import { TrialsRepository } from './trials.repository';
import { TrialsStartupImport } from './trials-startup-import';

/** The trial store and its ClinicalTrials.gov import and sync (the search is SearchModule). */
@Module({
  imports: [
    TypeOrmModule.forFeature([Trial, Site, CtgovSyncState]),
    FacilitiesModule,
    PlacesModule,
    SearchModule,
  ],
  providers: [
    TrialsRepository,
    TrialsImportService,
    TrialsStartupImport,
    CtgovSyncRepository,
    CtgovSyncService,
    CtgovSyncScheduler,
  ],
  exports: [TrialsImportService, CtgovSyncService],
})
export class TrialsModule {}
