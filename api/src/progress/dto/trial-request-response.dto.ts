import { ApiProperty } from '@nestjs/swagger';
import type { TrialRequest } from '../trial-request.entity';
import type { TrialRequestStatusChange } from '../trial-request-status-change.entity';
import { TrialRequestStatus } from '../trial-request-status';

export class SelectedLocationResponseDto {
  @ApiProperty()
  facility_id: number;

  @ApiProperty({ description: "The site's name as the trial record spells it." })
  facility_name: string;
}

/** A trial request as the lists and the details screen show it (spec 01 §3). */
export class TrialRequestResponseDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ format: 'uuid', description: 'The requesting HCP.' })
  userId: string;

  @ApiProperty()
  identifier: string;

  @ApiProperty({ example: 'NCT01234567' })
  trialId: string;

  @ApiProperty()
  trialName: string;

  @ApiProperty({ example: 'lung_cancer' })
  condition: string;

  @ApiProperty({ enum: TrialRequestStatus, enumName: 'TrialRequestStatus' })
  status: TrialRequestStatus;

  @ApiProperty({ description: 'The latest status note.' })
  comments: string;

  @ApiProperty({ format: 'date-time', description: 'Last activity.' })
  timestamp: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  questionnaire: Record<string, unknown>;

  @ApiProperty()
  email: string;

  @ApiProperty()
  phoneNumber: string;

  @ApiProperty()
  country: string;

  @ApiProperty({ type: SelectedLocationResponseDto })
  selectedLocation: SelectedLocationResponseDto;
}

export class TrialRequestEnvelopeDto {
  @ApiProperty({ type: TrialRequestResponseDto })
  progress: TrialRequestResponseDto;
}

export class StatusChangeActorDto {
  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  _id: string | null;

  @ApiProperty()
  firstName: string;

  @ApiProperty()
  lastName: string;

  @ApiProperty({ enum: ['hcp', 'clinops', 'unknown'] })
  role: 'hcp' | 'clinops' | 'unknown';
}

/** One step of the timeline. */
export class StatusChangeDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ enum: TrialRequestStatus, enumName: 'TrialRequestStatus', nullable: true })
  from: TrialRequestStatus | null;

  @ApiProperty({ enum: TrialRequestStatus, enumName: 'TrialRequestStatus' })
  to: TrialRequestStatus;

  @ApiProperty()
  note: string;

  @ApiProperty({ format: 'date-time' })
  timestamp: string;

  @ApiProperty({ type: StatusChangeActorDto })
  actor: StatusChangeActorDto;
}

export class TrialRequestDetailsDto extends TrialRequestResponseDto {
  @ApiProperty({ type: [StatusChangeDto], description: 'The history, oldest first.' })
  history: StatusChangeDto[];
}

export function toTrialRequestResponse(r: TrialRequest): TrialRequestResponseDto {
  return {
    _id: r.id,
    userId: r.userId,
    identifier: r.identifier,
    trialId: r.nctId,
    trialName: r.trialName,
    condition: r.condition,
    status: r.status,
    comments: r.comments,
    timestamp: r.updatedAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    questionnaire: r.questionnaire,
    email: r.email,
    phoneNumber: r.phoneNumber,
    country: r.country,
    selectedLocation: { facility_id: r.facilityId, facility_name: r.facilityName },
  };
}

export function toStatusChange(c: TrialRequestStatusChange): StatusChangeDto {
  return {
    _id: c.id,
    from: c.fromStatus,
    to: c.toStatus,
    note: c.note,
    timestamp: c.createdAt.toISOString(),
    actor: c.actor
      ? {
          _id: c.actor.id,
          firstName: c.actor.firstName,
          lastName: c.actor.lastName,
          role: c.actor.isClinops ? 'clinops' : 'hcp',
        }
      : { _id: null, firstName: '', lastName: '', role: 'unknown' },
  };
}

export function toTrialRequestDetails(
  r: TrialRequest,
  history: TrialRequestStatusChange[],
): TrialRequestDetailsDto {
  return { ...toTrialRequestResponse(r), history: history.map(toStatusChange) };
}
