import { Controller, Get, Param, RequestMethod } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { FacilityEntryDto, FacilityMapDto, toFacilityMap } from './dto/facility-entry.dto';
import {
  GetFacilityGroupFileParams,
  GetFacilityGroupParams,
} from './dto/get-facility-group.params';
import { FacilityGroupsService } from './facility-groups.service';

/**
 * The spec's file path on its separate facilities host (spec 02 §7 call 4), served by this API
 * outside the /api prefix so a client configured with that path works unchanged.
 */
export const FACILITY_GROUP_FILE_ROUTE = {
  path: 'facilities/:bucket/Facility_grouping_:id.json',
  method: RequestMethod.GET,
};

const FACILITY_MAP_SCHEMA = {
  type: 'object',
  description: 'Country facility map: facility id → facility, city, state.',
  additionalProperties: { $ref: getSchemaPath(FacilityEntryDto) },
  example: {
    '17': { facility: 'Charité - Universitätsmedizin Berlin', city: 'Berlin', state: '' },
  },
} as const;

@ApiTags('facilities')
@ApiExtraModels(FacilityEntryDto)
@Controller()
export class FacilityGroupsController {
  constructor(private readonly groups: FacilityGroupsService) {}

  @Get('facilities/groups/:id')
  @ApiOperation({ summary: 'The country facility map of a facility group' })
  @ApiOkResponse({ schema: FACILITY_MAP_SCHEMA })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'id is not 1 to 3 digits.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No facility group has this id.' })
  async getFacilityGroup(@Param() params: GetFacilityGroupParams): Promise<FacilityMapDto> {
    return toFacilityMap(await this.groups.getMembers(params.id));
  }

  @Get(FACILITY_GROUP_FILE_ROUTE.path)
  @ApiOperation({
    summary: 'The country facility map of a facility group, at the spec’s file path',
    description:
      'Same answer as getFacilityGroup, at /facilities/{bucket}/Facility_grouping_{id}.json ' +
      '(no /api prefix). The bucket is checked for shape and otherwise ignored.',
  })
  @ApiOkResponse({ schema: FACILITY_MAP_SCHEMA })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'id or bucket is malformed.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No facility group has this id.' })
  async getFacilityGroupFile(@Param() params: GetFacilityGroupFileParams): Promise<FacilityMapDto> {
    return toFacilityMap(await this.groups.getMembers(params.id));
  }
}
