import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { withoutParameters } from '../database/database-unavailable';
import { MedicalFile } from './medical-file.entity';

export type NewMedicalFile = Pick<
  MedicalFile,
  'requestId' | 'uploadedBy' | 'name' | 'size' | 'kind' | 'contentType' | 'storageKey'
>;

/** "report.pdf" → "report (2).pdf", "notes" → "notes (2)". */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const suffix = ` (${n})`;
  // Stay within 255 bytes by shortening the stem.
  let s = stem;
  while (Buffer.byteLength(`${s}${suffix}${ext}`) > 255) {
    s = s.slice(0, -1);
  }
  return `${s}${suffix}${ext}`;
}

@Injectable()
export class FilesRepository {
  constructor(
    @InjectRepository(MedicalFile) private readonly repo: Repository<MedicalFile>,
    private readonly dataSource: DataSource,
  ) {}

  /** Newest first. */
  findByRequestId(requestId: string): Promise<MedicalFile[]> {
    return this.repo.find({ where: { requestId }, order: { createdAt: 'DESC', name: 'ASC' } });
  }

  findOneInRequest(requestId: string, id: string): Promise<MedicalFile | null> {
    return this.repo.findOneBy({ requestId, id });
  }

  findByName(requestId: string, name: string): Promise<MedicalFile | null> {
    return this.repo.findOneBy({ requestId, name });
  }

  /**
   * Inserts the files of one upload in one transaction, numbering a name that the request
   * already has. Uploads to one request take turns (an advisory lock), so two at once cannot
   * pick the same name.
   */
  async insertUpload(files: NewMedicalFile[]): Promise<MedicalFile[]> {
    return this.dataSource
      .transaction(async (manager) => {
        const requestId = files[0].requestId;
        await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
          `medical_file:${requestId}`,
        ]);
        const taken = new Set(
          (await manager.find(MedicalFile, { where: { requestId }, select: { name: true } })).map(
            (f) => f.name,
          ),
        );
        const rows = files.map((file) => {
          let name = file.name;
          for (let n = 2; taken.has(name); n++) {
            name = numbered(file.name, n);
          }
          taken.add(name);
          return manager.create(MedicalFile, { ...file, name });
        });
        return manager.save(MedicalFile, rows);
      })
      .catch((error: unknown) => {
        // TypeORM's error carries the query's parameters (file names: patient data), and the
        // error filter logs 500s with their error.
        throw withoutParameters(error, 'Saving the files');
      });
  }

  /**
   * Deletes the row of a file whose bytes the caller has already deleted from the store. The
   * trigger queues its storage key for the sweeper like any deleted row; with the bytes gone that
   * entry would only cost the store a second delete, so it is dropped in the same transaction.
   */
  async deleteWithBytesGone(file: Pick<MedicalFile, 'id' | 'storageKey'>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager.delete(MedicalFile, { id: file.id });
      await manager.query('DELETE FROM stored_file_deletion WHERE storage_key = $1', [
        file.storageKey,
      ]);
      return (result.affected ?? 0) > 0;
    });
  }
}
