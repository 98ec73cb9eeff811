import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Auth } from '../common/auth/auth.decorator';
import type { AuthUser } from '../common/auth/auth-user';
import { CurrentUser } from '../common/auth/current-user.decorator';
import { ClientIp } from '../common/client-ip.decorator';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { uuidParam } from '../common/uuid-param';
import {
  FacilityProgressCardDto,
  toFacilityProgressCard,
  UpdateFacilityProgressDto,
} from './dto/facility-progress.dto';
import { FacilityProgressService } from './facility-progress.service';

/** The facility board of clinops users (spec 01 §2 "Facility board"), saved and shared. */
@ApiTags('facility-progress')
@Controller('clinops/facility-progress')
export class FacilityProgressController {
  constructor(private readonly board: FacilityProgressService) {}

  @Get()
  @Auth({ roles: ['clinops'] })
  @ApiOperation({
    summary: "The board cards of the caller's facilities, newest request first",
    description: 'One card per trial request; its stage flags place it in the columns.',
  })
  @ApiOkResponse({ type: [FacilityProgressCardDto] })
  async listFacilityProgress(
    @CurrentUser() caller: AuthUser,
    @ClientIp() ip: string,
  ): Promise<FacilityProgressCardDto[]> {
    return (await this.board.list(caller, ip)).map((c) => toFacilityProgressCard(c, c.request));
  }

  @Put(':id')
  @Auth({ roles: ['clinops'] })
  @ApiOperation({
    summary: 'Move a card (stage flags) or record the decision',
    description:
      'Saved for every clinops user of the facility; they get a facilityProgress event. ' +
      'Omitted fields stay; decision_made false clears the decision.',
  })
  @ApiOkResponse({ type: FacilityProgressCardDto })
  @ApiBadRequestResponse({
    type: ErrorResponseDto,
    description: 'A flag is not a boolean, nothing is sent, or approved without decision_made.',
  })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'A card of another facility.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No such card.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'The request is cancelled.' })
  async updateFacilityProgress(
    @CurrentUser() caller: AuthUser,
    @ClientIp() ip: string,
    @Param('id', uuidParam()) id: string,
    @Body() body: UpdateFacilityProgressDto,
  ): Promise<FacilityProgressCardDto> {
    const card = await this.board.update(caller, id, body, ip);
    return toFacilityProgressCard(card, card.request);
  }
}
