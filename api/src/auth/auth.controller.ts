import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { RateLimit } from '../common/rate-limit.decorator';
import { AuthService } from './auth.service';
import { LoginEmailDto, LoginResponseDto, SignupDto, SignupResponseDto } from './dto/auth.dto';

@ApiTags('auth')
@RateLimit('identity')
@Controller('hcp')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login_email')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange an identity-provider ID token for the product token and the user',
  })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiUnauthorizedResponse({
    type: ErrorResponseDto,
    description: 'The identity token is not valid.',
  })
  loginEmail(@Body() body: LoginEmailDto): Promise<LoginResponseDto> {
    return this.auth.loginEmail(body);
  }

  @Post('signup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Store the registration of a new user (after the identity sign-up)' })
  @ApiOkResponse({ type: SignupResponseDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto, description: 'Invalid input or captcha.' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'User already exists.' })
  signup(@Body() body: SignupDto): Promise<SignupResponseDto> {
    return this.auth.signup(body);
  }
}
