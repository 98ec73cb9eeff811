import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { ProgressModule } from '../progress/progress.module';
import { UsersModule } from '../users/users.module';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { MedicalFile } from './medical-file.entity';
import { SpecFilesController } from './spec-files.controller';
import { createStorageDriver } from './storage/storage.factory';
import { STORAGE } from './storage/storage-driver';
import { StoredFilesSweeper } from './stored-files-sweeper';

/** Medical files per trial request on the local disk or S3-compatible storage. */
@Module({
  imports: [TypeOrmModule.forFeature([MedicalFile]), ProgressModule, UsersModule, AuditModule],
  controllers: [FilesController, SpecFilesController],
  providers: [
    FilesRepository,
    FilesService,
    StoredFilesSweeper,
    { provide: STORAGE, inject: [ENV], useFactory: (env: Env) => createStorageDriver(env) },
  ],
})
export class FilesModule {}
