import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfigService } from './config.service';
import { AppConfigResponseDto } from './dto/app-config-response.dto';

@ApiTags('config')
@Controller('config')
export class ConfigController {
  constructor(private readonly config: AppConfigService) {}

  @Get()
  @ApiOperation({ summary: "The web app's runtime configuration" })
  @ApiOkResponse({ type: AppConfigResponseDto })
  getConfig(): Promise<AppConfigResponseDto> {
    return this.config.getRuntimeConfig();
  }
}
