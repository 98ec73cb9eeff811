import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

const FOLDER_PATH =
  'The request’s folder: `{requestId}/{userSource}` (the trial request id and the requesting ' +
  'HCP’s userSource, spec 01 §7). Checked against the caller: it names a folder, not a path.';

export class FolderPathDto {
  @ApiProperty({
    example: '7d3c1e0a-2b4f-4c6d-9e8f-0a1b2c3d4e5f/ancora_hcp',
    description: FOLDER_PATH,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  folder_path: string;
}

export class FolderDownloadDto extends FolderPathDto {
  @ApiPropertyOptional({
    example: 'pathology-report.pdf',
    description: 'A file name as listed; without it, all files of the folder as one zip.',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(300)
  file_name?: string;
}

export class FilePathDto {
  @ApiProperty({
    example: '7d3c1e0a-2b4f-4c6d-9e8f-0a1b2c3d4e5f/ancora_hcp/pathology-report.pdf',
    description: '`{folder_path}/{file name as listed}`.',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  file_path: string;
}

/** The spec's upload body, for the OpenAPI document (the API streams it itself). */
export class FolderUploadBodyDto {
  @ApiProperty({ description: `${FOLDER_PATH} Must come before the files.` })
  filepath: string;

  @ApiProperty({ type: 'array', items: { type: 'string', format: 'binary' } })
  filecontent: unknown[];
}

export class SpecFileEntryDto {
  @ApiProperty({ example: 'pathology-report.pdf' })
  name: string;

  @ApiProperty({ example: 482113, description: 'Bytes.' })
  size: number;

  @ApiProperty({ example: '2026-11-23T18:04:11.512Z', format: 'date-time' })
  timestamp: string;
}

export class SpecFileDeletedDto {
  @ApiProperty({ example: 'pathology-report.pdf' })
  deleted: string;
}
