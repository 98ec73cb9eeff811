import {
  Body,
  Controller,
  HttpCode,
  Post,
  Req,
  RequestMethod,
  StreamableFile,
  UseFilters,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiForbiddenResponse,
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
import {
  FilePathDto,
  FolderDownloadDto,
  FolderPathDto,
  FolderUploadBodyDto,
  SpecFileDeletedDto,
  SpecFileEntryDto,
} from './dto/spec-files.dto';
import type { MedicalFile } from './medical-file.entity';
import { FilesService } from './files.service';
import { StorageExceptionFilter } from './storage-exception.filter';

/** The spec's four file calls, served without the /api prefix (spec 01 §7). */
export const SPEC_FILE_ROUTES = ['list', 'download', 'delete', 'upload'].map((name) => ({
  path: `files/${name}`,
  method: RequestMethod.POST,
}));

const toEntry = (f: MedicalFile): SpecFileEntryDto => ({
  name: f.name,
  size: f.size,
  timestamp: f.createdAt.toISOString(),
});

const WHO =
  'The folder is checked against the caller: the requesting HCP and clinops of the request’s ' +
  'site only (403 for anyone else). Written to the audit log. Same rules as the /api/files calls.';

@ApiTags('files')
@Controller('files')
@Auth()
@UseFilters(StorageExceptionFilter)
@ApiBadRequestResponse({ type: ErrorResponseDto, description: 'A malformed folder or file path.' })
@ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such request, folder or file.' })
@ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Not the caller’s request.' })
@ApiServiceUnavailableResponse({ type: ErrorResponseDto, description: 'File storage is down.' })
export class SpecFilesController {
  constructor(private readonly files: FilesService) {}

  @Post('list')
  @HttpCode(200)
  @ApiOperation({ summary: 'List a request folder (spec: POST /files/list)', description: WHO })
  @ApiOkResponse({ type: SpecFileEntryDto, isArray: true })
  async listFolderFiles(
    @CurrentUser() user: AuthUser,
    @ClientIp() ip: string,
    @Body() body: FolderPathDto,
  ): Promise<SpecFileEntryDto[]> {
    return (await this.files.listFolder({ user, ip }, body.folder_path)).map(toEntry);
  }

  @Post('download')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Download as base64 text (spec: POST /files/download)',
    description: `${WHO} With file_name: that file; without: a zip of all files of the folder.`,
  })
  @ApiProduces('text/plain')
  @ApiOkResponse({ schema: { type: 'string', format: 'byte' } })
  async downloadFolderFile(
    @CurrentUser() user: AuthUser,
    @ClientIp() ip: string,
    @Body() body: FolderDownloadDto,
  ): Promise<StreamableFile> {
    const stream = await this.files.downloadFromFolder(
      { user, ip },
      body.folder_path,
      body.file_name,
    );
    return new StreamableFile(stream, { type: 'text/plain; charset=us-ascii' });
  }

  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete one file (spec: POST /files/delete)', description: WHO })
  @ApiOkResponse({ type: SpecFileDeletedDto })
  async deleteFolderFile(
    @CurrentUser() user: AuthUser,
    @ClientIp() ip: string,
    @Body() body: FilePathDto,
  ): Promise<SpecFileDeletedDto> {
    const file = await this.files.removeByPath({ user, ip }, body.file_path);
    return { deleted: file.name };
  }

  @Post('upload')
  @RateLimit('upload')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Upload files (spec: POST /files/upload)',
    description: `${WHO} multipart/form-data: \`filepath\` (the folder) first, then \`filecontent\` files.`,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: FolderUploadBodyDto })
  @ApiOkResponse({ type: SpecFileEntryDto, isArray: true })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'Over the size limit.' })
  async uploadFolderFiles(
    @CurrentUser() user: AuthUser,
    @ClientIp() ip: string,
    @Req() req: Request,
  ): Promise<SpecFileEntryDto[]> {
    return (await this.files.uploadToFolder({ user, ip }, req)).map(toEntry);
  }
}
