import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';
import type { TrialRequest } from '../../progress/trial-request.entity';
import { TrialRequestStatus } from '../../progress/trial-request-status';
import type { FacilityProgress } from '../facility-progress.entity';

export class CardTrialDto {
  @ApiProperty({ example: 'NCT01234567' })
  trial_id: string;

  @ApiProperty()
  trial_name: string;
}

/** A card of the facility board (spec 01 §3 "Facility progress card"). */
export class FacilityProgressCardDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ format: 'uuid', description: 'The trial request.' })
  progressId: string;

  @ApiProperty()
  facilityId: number;

  @ApiProperty({ format: 'date-time', description: 'Date Updated: the card or the request.' })
  timestamp: string;

  @ApiProperty({ type: CardTrialDto })
  trial: CardTrialDto;

  @ApiProperty({ example: 'lung_cancer' })
  condition: string;

  @ApiProperty()
  identifier: string;

  @ApiProperty({ enum: TrialRequestStatus, enumName: 'TrialRequestStatus' })
  status: TrialRequestStatus;

  @ApiProperty({ description: 'Stage: Reached Out.' })
  reached_out: boolean;

  @ApiProperty({ description: 'Stage: Under Review.' })
  initial_discussion: boolean;

  @ApiProperty({ description: 'Stage: Info Needed.' })
  info_needed: boolean;

  @ApiProperty({ description: 'Stage: Decision Made.' })
  decision_made: boolean;

  @ApiProperty({ type: Boolean, nullable: true, description: 'The decision; null until made.' })
  approved: boolean | null;
}

/** Moves a card (stage flags) and records the decision; omitted fields stay as they are. */
export class UpdateFacilityProgressDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  reached_out?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  initial_discussion?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  info_needed?: boolean;

  @ApiPropertyOptional({ description: 'false clears the decision.' })
  @IsOptional()
  @IsBoolean()
  decision_made?: boolean;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: 'approved / not approved; needs decision_made; null clears it.',
  })
  @IsOptional()
  @IsBoolean()
  approved?: boolean | null;
}

export function toFacilityProgressCard(
  card: FacilityProgress,
  request: TrialRequest,
): FacilityProgressCardDto {
  const updated = card.updatedAt > request.updatedAt ? card.updatedAt : request.updatedAt;
  return {
    _id: card.id,
    progressId: request.id,
    facilityId: request.facilityId,
    timestamp: updated.toISOString(),
    trial: { trial_id: request.nctId, trial_name: request.trialName },
    condition: request.condition,
    identifier: request.identifier,
    status: request.status,
    reached_out: card.reachedOut,
    initial_discussion: card.initialDiscussion,
    info_needed: card.infoNeeded,
    decision_made: card.decisionMade,
    approved: card.approved,
  };
}
