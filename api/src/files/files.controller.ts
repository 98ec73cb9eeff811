import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Req,
  StreamableFile,
  UseFilters,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { Auth } from '../common/auth/auth.decorator';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/current-user.decorator';
import { ClientIp } from '../common/client-ip.decorator';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { RateLimit } from '../common/rate-limit.decorator';
import { RequestFileParams, RequestFilesParams, UploadFilesBodyDto } from './dto/file-route.params';
import { MedicalFileResponseDto, toMedicalFileResponse } from './dto/medical-file-response.dto';
import { attachmentHeader } from './file-names';
import { FilesService } from './files.service';
import { StorageExceptionFilter } from './storage-exception.filter';

const WHO =
  'For the requesting HCP and the clinops users of the request’s site; anyone else 403. ' +
  'Written to the audit log.';

/** Medical files of a trial request (spec 01 §2 Upload Files modal and Medical Files section). */
@ApiTags('files')
@Controller('files')
@Auth()
@UseFilters(StorageExceptionFilter)
@ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such request (or file).' })
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Not the caller’s request.' })
@ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'File storage is down.' })
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Post(':requestId')
  @RateLimit('upload')
  @ApiOperation({
    summary: 'Upload files to a trial request',
    description:
      `${WHO} Streams multipart/form-data (field \`files\`): 1–10 files, together at most ` +
      'FILES_MAX_UPLOAD_BYTES; types decided by content. All or nothing: a refused file, an ' +
      'over-size upload or a storage failure keeps none of them. A name the request already ' +
      'has gets a number ("x (2).pdf").',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadFilesBodyDto })
  @ApiCreatedResponse({ type: MedicalFileResponseDto, isArray: true })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description:
      'errors.files: required (no file), tooManyFiles, fileType, empty, path, tooLong, ' +
      'controlCharacter, fileName, multipart.',
  })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'errors.files: tooLarge.' })
  async uploadFiles(
    @CurrentUser() user: AuthUser,
    @ClientIp() ip: string,
    @Param() params: RequestFilesParams,
    @Req() req: Request,
  ): Promise<MedicalFileResponseDto[]> {
    const saved = await this.files.upload({ user, ip }, params.requestId, req);
    return saved.map(toMedicalFileResponse);
  }

  @Get(':requestId')
  @ApiOperation({ summary: 'The files of a trial request, newest first', description: WHO })
  @ApiOkResponse({ type: MedicalFileResponseDto, isArray: true })
  async listFiles(
    @CurrentUser() user: AuthUser,
    @ClientIp() ip: string,
    @Param() params: RequestFilesParams,
  ): Promise<MedicalFileResponseDto[]> {
    return (await this.files.list({ user, ip }, params.requestId)).map(toMedicalFileResponse);
  }

  // Declared before :fileId so "zip" is never read as a file id.
  @Get(':requestId/zip')
  @ApiOperation({
    summary: 'All files of a trial request as one zip',
    description: `${WHO} Streamed; named medical-files-{ISO timestamp}.zip. 404 without files.`,
  })
  @ApiProduces('application/zip')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async downloadAllFiles(
    @CurrentUser() user: AuthUser,
    @ClientIp() ip: string,
    @Param() params: RequestFilesParams,
  ): Promise<StreamableFile> {
    const zip = await this.files.zip({ user, ip }, params.requestId);
    return new StreamableFile(zip.stream, {
      type: 'application/zip',
      disposition: attachmentHeader(zip.name),
    });
  }

  @Get(':requestId/:fileId')
  @ApiOperation({
    summary: 'Download one file',
    description: `${WHO} Streamed with the content type decided at upload, as an attachment.`,
  })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async downloadFile(
    @CurrentUser() user: AuthUser,
    @ClientIp() ip: string,
    @Param() params: RequestFileParams,
  ): Promise<StreamableFile> {
    const { file, stream } = await this.files.download(
      { user, ip },
      params.requestId,
      params.fileId,
    );
    return new StreamableFile(stream, {
      type: file.contentType,
      length: file.size,
      disposition: attachmentHeader(file.name),
    });
  }

  @Delete(':requestId/:fileId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete one file', description: WHO })
  @ApiNoContentResponse({ description: 'Deleted.' })
  async deleteFile(
    @CurrentUser() user: AuthUser,
    @ClientIp() ip: string,
    @Param() params: RequestFileParams,
  ): Promise<void> {
    await this.files.remove({ user, ip }, params.requestId, params.fileId);
  }
}
