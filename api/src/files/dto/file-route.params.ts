import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class RequestFilesParams {
  @ApiProperty({ format: 'uuid', description: 'The trial request.' })
  @IsUUID('all', { message: 'requestId must be a trial request id' })
  requestId: string;
}

export class RequestFileParams extends RequestFilesParams {
  @ApiProperty({ format: 'uuid', description: 'The file.' })
  @IsUUID('all', { message: 'fileId must be a file id' })
  fileId: string;
}

/** The multipart body of an upload, for the OpenAPI document (the API streams it itself). */
export class UploadFilesBodyDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'string', format: 'binary' },
    description:
      'One to 10 files, together at most FILES_MAX_UPLOAD_BYTES (GET /api/config); DOC, DOCX, ' +
      'JPG, PDF, PNG, TXT, XLS or XLSX by content.',
  })
  files: unknown[];
}
