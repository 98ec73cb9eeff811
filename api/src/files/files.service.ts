import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../common/auth/auth-user';
import { MAX_FILES_PER_UPLOAD } from '../common/file-limits';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { ProgressService } from '../progress/progress.service';
import type { TrialRequest } from '../progress/trial-request.entity';
import { UsersService } from '../users/users.service';
import { ACCEPTED_FILE_TYPES } from './file-content';
import { displayName, zipName } from './file-names';
import { Base64Encoder, zipStream } from './file-streams';
import { FilesRepository } from './files.repository';
import type { MedicalFile } from './medical-file.entity';
import { STORAGE, StorageDriver } from './storage/storage-driver';
import { ReceivedFile, receiveUpload } from './upload-receiver';

/** Who is asking, and from where (for the audit log). */
export interface FileCaller {
  user: AuthUser;
  ip: string;
}

export interface FileDownload {
  file: MedicalFile;
  stream: Readable;
}

export interface ZipDownload {
  name: string;
  count: number;
  stream: Readable;
}

const FOLDER_PATH =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([a-z0-9_-]{1,64})$/i;

const badFolder = (field: string): BadRequestException =>
  new BadRequestException({
    statusCode: 400,
    message: `${field} must be {requestId}/{userSource} of a trial request`,
    errors: { [field]: 'folderPath' },
  });

/**
 * Medical files of trial requests: who may touch them (the requesting HCP and clinops of the
 * request's site, through ProgressService.findAccessible), the limits of an upload, the audit
 * trail of every upload, listing, download and delete. Names are patient data: the audit log
 * gets ids and counts only.
 */
@Injectable()
export class FilesService {
  constructor(
    private readonly files: FilesRepository,
    @Inject(STORAGE) private readonly store: StorageDriver,
    @Inject(ENV) private readonly env: Env,
    private readonly progress: ProgressService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {}

  private assertEnabled(): void {
    if (!this.env.FEATURE_FILE_UPLOAD) {
      throw new NotFoundException('Medical files are turned off on this site.');
    }
  }

  private async request(caller: FileCaller, requestId: string): Promise<TrialRequest> {
    this.assertEnabled();
    return this.progress.findAccessible(caller.user, requestId);
  }

  /**
   * The request a spec folder path names, when the caller may touch it. The userSource part must
   * be the requesting HCP's: a folder path is never a path into the store.
   */
  async requestOfFolder(
    caller: FileCaller,
    folderPath: string,
    field: string,
  ): Promise<TrialRequest> {
    this.assertEnabled();
    const match = FOLDER_PATH.exec(folderPath);
    if (!match) {
      throw badFolder(field);
    }
    const request = await this.progress.findAccessible(caller.user, match[1].toLowerCase());
    const owner = await this.users.getById(request.userId);
    if (owner.userSource !== match[2]) {
      throw new NotFoundException('No such folder.');
    }
    return request;
  }

  /** `{requestId}/{userSource}/{name}` → the request and the file's name. */
  private async fileOfPath(
    caller: FileCaller,
    filePath: string,
  ): Promise<{ request: TrialRequest; file: MedicalFile }> {
    const parts = filePath.split('/');
    if (parts.length !== 3 || parts[2] === '' || parts[2] === '.' || parts[2] === '..') {
      throw new BadRequestException({
        statusCode: 400,
        message: 'file_path must be {requestId}/{userSource}/{file name}',
        errors: { file_path: 'filePath' },
      });
    }
    const request = await this.requestOfFolder(caller, `${parts[0]}/${parts[1]}`, 'file_path');
    return { request, file: await this.fileNamed(request.id, parts[2]) };
  }

  private async fileNamed(requestId: string, name: string): Promise<MedicalFile> {
    const file = await this.files.findByName(requestId, name);
    if (!file) {
      throw new NotFoundException('File not found.');
    }
    return file;
  }

  private async fileById(requestId: string, fileId: string): Promise<MedicalFile> {
    const file = await this.files.findOneInRequest(requestId, fileId);
    if (!file) {
      throw new NotFoundException('File not found.');
    }
    return file;
  }

  // --- upload ---------------------------------------------------------------------------

  async upload(
    caller: FileCaller,
    requestId: string,
    req: IncomingMessage,
  ): Promise<MedicalFile[]> {
    const request = await this.request(caller, requestId);
    const received = await receiveUpload(req, {
      store: this.store,
      fileField: 'files',
      textFields: [],
      maxFiles: MAX_FILES_PER_UPLOAD,
      maxBytes: this.env.FILES_MAX_UPLOAD_BYTES,
      folder: () => Promise.resolve(request.id),
    });
    return this.saveUpload(caller, request.id, received);
  }

  /** The spec's upload: the folder comes in the `filepath` field, before the files. */
  async uploadToFolder(caller: FileCaller, req: IncomingMessage): Promise<MedicalFile[]> {
    this.assertEnabled();
    let requestId = '';
    const received = await receiveUpload(req, {
      store: this.store,
      fileField: 'filecontent',
      textFields: ['filepath'],
      maxFiles: MAX_FILES_PER_UPLOAD,
      maxBytes: this.env.FILES_MAX_UPLOAD_BYTES,
      folder: async (fields) => {
        if (fields.filepath === undefined) {
          throw new BadRequestException({
            statusCode: 400,
            message: 'filepath must come before the files',
            errors: { filepath: 'required' },
          });
        }
        requestId = (await this.requestOfFolder(caller, fields.filepath, 'filepath')).id;
        return requestId;
      },
    });
    return this.saveUpload(caller, requestId, received);
  }

  private async saveUpload(
    caller: FileCaller,
    requestId: string,
    received: ReceivedFile[],
  ): Promise<MedicalFile[]> {
    let saved: MedicalFile[];
    try {
      saved = await this.files.insertUpload(
        received.map((f) => ({
          requestId,
          uploadedBy: caller.user.id,
          name: displayName(f.name),
          size: f.size,
          kind: f.type,
          contentType: ACCEPTED_FILE_TYPES[f.type],
          storageKey: f.key,
        })),
      );
    } catch (error) {
      // No metadata, no bytes: an upload is all or nothing.
      await Promise.all(received.map((f) => this.store.delete(f.key).catch(() => undefined)));
      throw error;
    }
    await this.audit.record({
      actorId: caller.user.id,
      action: 'file.upload',
      requestId,
      ip: caller.ip,
      detail: {
        fileIds: saved.map((f) => f.id),
        count: saved.length,
        bytes: saved.reduce((sum, f) => sum + f.size, 0),
      },
    });
    return saved;
  }

  // --- list -----------------------------------------------------------------------------

  async list(caller: FileCaller, requestId: string): Promise<MedicalFile[]> {
    const request = await this.request(caller, requestId);
    return this.listOf(caller, request);
  }

  async listFolder(caller: FileCaller, folderPath: string): Promise<MedicalFile[]> {
    return this.listOf(caller, await this.requestOfFolder(caller, folderPath, 'folder_path'));
  }

  private async listOf(caller: FileCaller, request: TrialRequest): Promise<MedicalFile[]> {
    const files = await this.files.findByRequestId(request.id);
    await this.audit.record({
      actorId: caller.user.id,
      action: 'file.list',
      requestId: request.id,
      ip: caller.ip,
      detail: { count: files.length },
    });
    return files;
  }

  // --- download -------------------------------------------------------------------------

  async download(caller: FileCaller, requestId: string, fileId: string): Promise<FileDownload> {
    const request = await this.request(caller, requestId);
    return this.open(caller, await this.fileById(request.id, fileId));
  }

  /** The spec's download: one file as base64 text, or, without a name, the zip of all. */
  async downloadFromFolder(
    caller: FileCaller,
    folderPath: string,
    fileName: string | undefined,
  ): Promise<Readable> {
    const request = await this.requestOfFolder(caller, folderPath, 'folder_path');
    const bytes =
      fileName === undefined
        ? (await this.zipOf(caller, request)).stream
        : (await this.open(caller, await this.fileNamed(request.id, fileName))).stream;
    const encoder = new Base64Encoder();
    bytes.once('error', (error) => encoder.destroy(error));
    return bytes.pipe(encoder);
  }

  private async open(caller: FileCaller, file: MedicalFile): Promise<FileDownload> {
    const stream = await this.store.get(file.storageKey);
    await this.audit.record({
      actorId: caller.user.id,
      action: 'file.download',
      requestId: file.requestId,
      ip: caller.ip,
      detail: { fileId: file.id },
    });
    return { file, stream };
  }

  async zip(caller: FileCaller, requestId: string): Promise<ZipDownload> {
    return this.zipOf(caller, await this.request(caller, requestId));
  }

  private async zipOf(caller: FileCaller, request: TrialRequest): Promise<ZipDownload> {
    const files = await this.files.findByRequestId(request.id);
    if (files.length === 0) {
      throw new NotFoundException('This trial request has no files yet.');
    }
    const first = await this.store.get(files[0].storageKey);
    const stream = zipStream(
      files.map((f) => ({ name: f.name, open: () => this.store.get(f.storageKey) })),
      first,
    );
    await this.audit.record({
      actorId: caller.user.id,
      action: 'file.download_all',
      requestId: request.id,
      ip: caller.ip,
      detail: { fileIds: files.map((f) => f.id), count: files.length },
    });
    return { name: zipName(new Date()), count: files.length, stream };
  }

  // --- delete ---------------------------------------------------------------------------

  async remove(caller: FileCaller, requestId: string, fileId: string): Promise<MedicalFile> {
    const request = await this.request(caller, requestId);
    return this.removeFile(caller, await this.fileById(request.id, fileId));
  }

  async removeByPath(caller: FileCaller, filePath: string): Promise<MedicalFile> {
    const { file } = await this.fileOfPath(caller, filePath);
    return this.removeFile(caller, file);
  }

  /** The bytes first: while the store is down the file stays listed and the answer is 503. */
  private async removeFile(caller: FileCaller, file: MedicalFile): Promise<MedicalFile> {
    await this.store.delete(file.storageKey);
    await this.files.deleteWithBytesGone(file);
    await this.audit.record({
      actorId: caller.user.id,
      action: 'file.delete',
      requestId: file.requestId,
      ip: caller.ip,
      detail: { fileId: file.id },
    });
    return file;
  }
}
