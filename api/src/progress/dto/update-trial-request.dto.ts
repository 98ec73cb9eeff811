import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { trim } from '../../common/transforms';
import { CLINOPS_STATUSES, NOTE_MAX, TrialRequestStatus } from '../trial-request-status';

const SETTABLE = [...CLINOPS_STATUSES, TrialRequestStatus.Cancelled];

/**
 * The spec's update progress payload (§3): a status change by clinops of the request's site
 * (waitlist, inReview, accepted, enrolled, rejected) or a cancel by the requesting HCP.
 */
export class UpdateTrialRequestDto {
  @ApiProperty({ format: 'uuid', description: 'The trial request id.' })
  @IsUUID('4', { message: 'progress must be a trial request id.' })
  progress: string;

  @ApiProperty({
    enum: TrialRequestStatus,
    enumName: 'TrialRequestStatus',
    description: 'The new status: waitlist, inReview, accepted, enrolled, rejected or cancelled.',
  })
  @IsIn(SETTABLE, { message: `progressStatus must be one of ${SETTABLE.join(', ')}.` })
  progressStatus: TrialRequestStatus;

  @ApiProperty({
    maxLength: NOTE_MAX,
    description: 'The note to the referring physician, or the explanation of a cancel.',
  })
  @Transform(trim)
  @IsString({ message: 'Please leave a note to keep the referring physician informed' })
  @IsNotEmpty({ message: 'Please leave a note to keep the referring physician informed' })
  @MaxLength(NOTE_MAX, { message: 'The note may have at most 500 characters.' })
  message: string;
}
