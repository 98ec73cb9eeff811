import { Controller, Get, Header } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { CaptchaService } from './captcha.service';
import { AltchaChallengeDto } from './dto/altcha-challenge.dto';

@ApiTags('captcha')
@Controller('captcha')
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  @Get('challenge')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'A fresh ALTCHA proof-of-work challenge for the registration form' })
  @ApiOkResponse({ type: AltchaChallengeDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'reCAPTCHA is configured instead.' })
  getCaptchaChallenge(): Promise<AltchaChallengeDto> {
    return this.captcha.challenge();
  }
}
