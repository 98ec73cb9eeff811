import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FacilitiesModule } from '../facilities/facilities.module';
import { PlacesModule } from '../places/places.module';
import { CtgovSyncScheduler } from './ctgov/ctgov-sync-scheduler';
import { CtgovSyncState } from './ctgov/ctgov-sync-state.entity';
import { CtgovSyncRepository } from './ctgov/ctgov-sync.repository';
import { CtgovSyncService } from './ctgov/ctgov-sync.service';
import { SearchIndexService } from './search/search-index.service';
import { TrialsController } from './search/trials.controller';
import { TrialsSearchService } from './search/trials-search.service';
import { Site } from './site.entity';
import { Trial } from './trial.entity';
import { TrialsImportService } from './trials-import.service';
import { TrialsRepository } from './trials.repository';
import { TrialsStartupImport } from './trials-startup-import';

/** The trial store, its ClinicalTrials.gov import and sync, and the trial search. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Trial, Site, CtgovSyncState]),
    FacilitiesModule,
    PlacesModule,
  ],
  controllers: [TrialsController],
  providers: [
    TrialsRepository,
    SearchIndexService,
    TrialsSearchService,
    TrialsImportService,
    TrialsStartupImport,
    CtgovSyncRepository,
    CtgovSyncService,
    CtgovSyncScheduler,
  ],
  exports: [TrialsImportService, CtgovSyncService],
})
export class TrialsModule {}
