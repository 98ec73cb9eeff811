import { Controller, Get, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { GetPartnerParams } from './dto/get-partner.params';
import { PartnerResponseDto, toPartnerResponse } from './dto/partner-response.dto';
import { PartnersService } from './partners.service';

@ApiTags('partners')
@Controller('partners')
export class PartnersController {
  constructor(private readonly partners: PartnersService) {}

  @Get()
  @ApiOperation({ summary: 'All partner configurations' })
  @ApiOkResponse({ type: PartnerResponseDto, isArray: true })
  async listPartners(): Promise<PartnerResponseDto[]> {
    return (await this.partners.list()).map(toPartnerResponse);
  }

  @Get(':userSource')
  @ApiOperation({
    summary: 'The partner configuration of a userSource',
    description: 'An unknown userSource answers with the default partner (ancora_hcp).',
  })
  @ApiOkResponse({ type: PartnerResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'userSource is not a valid name.' })
  async getPartner(@Param() params: GetPartnerParams): Promise<PartnerResponseDto> {
    return toPartnerResponse(await this.partners.resolve(params.userSource));
  }
}
