import { ApiProperty } from '@nestjs/swagger';
import type { MedicalFile } from '../medical-file.entity';

/** A file of a trial request as lists show it (spec 01 §3 "File entry"). */
export class MedicalFileResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'pathology-report.pdf', description: 'The sanitised original name.' })
  name: string;

  @ApiProperty({ example: 482113, description: 'Bytes.' })
  size: number;

  @ApiProperty({ example: '2026-11-23T18:04:11.512Z', format: 'date-time' })
  timestamp: string;

  @ApiProperty({ example: 'pdf', description: 'The kind decided from the content.' })
  kind: string;

  @ApiProperty({ example: 'application/pdf' })
  contentType: string;
}

export function toMedicalFileResponse(file: MedicalFile): MedicalFileResponseDto {
  return {
    id: file.id,
    name: file.name,
    size: file.size,
    timestamp: file.createdAt.toISOString(),
    kind: file.kind,
    contentType: file.contentType,
  };
}
