import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FacilitiesModule } from '../facilities/facilities.module';
import { Site } from './site.entity';
import { Trial } from './trial.entity';
import { TrialsImportService } from './trials-import.service';
import { TrialsRepository } from './trials.repository';
import { TrialsStartupImport } from './trials-startup-import';

/** The trial store and its ClinicalTrials.gov import (search comes later). */
@Module({
  imports: [TypeOrmModule.forFeature([Trial, Site]), FacilitiesModule],
  providers: [TrialsRepository, TrialsImportService, TrialsStartupImport],
  exports: [TrialsImportService],
})
export class TrialsModule {}
