import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SigningKeysService } from '../signing-keys/signing-keys.service';
import { JwksDto, OpenIdConfigurationDto } from './dto/identity.dto';
import { LocalIdentityEnabledGuard } from './identity-access-token';
import { IdentityTokensService } from './identity-tokens.service';

@ApiTags('identity')
// Off with IDENTITY_PROVIDER=cognito, like the provider's other calls: no unused key is made.
@UseGuards(LocalIdentityEnabledGuard)
@Controller('identity/.well-known')
export class WellKnownController {
  constructor(
    private readonly keys: SigningKeysService,
    private readonly tokens: IdentityTokensService,
  ) {}

  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=600')
  @ApiOperation({ summary: "The built-in provider's public signing keys" })
  @ApiOkResponse({ type: JwksDto })
  async getIdentityJwks(): Promise<JwksDto> {
    return { keys: await this.keys.publicJwks('identity') };
  }

  @Get('openid-configuration')
  @Header('Cache-Control', 'public, max-age=600')
  @ApiOperation({ summary: 'OpenID discovery document of the built-in provider' })
  @ApiOkResponse({ type: OpenIdConfigurationDto })
  getIdentityOpenIdConfiguration(): OpenIdConfigurationDto {
    const issuer = this.tokens.issuer;
    return {
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      token_endpoint: `${issuer}/sign-in`,
      id_token_signing_alg_values_supported: ['RS256'],
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      claims_supported: [
        'sub',
        'email',
        'email_verified',
        'given_name',
        'family_name',
        'locale',
        'token_use',
        'auth_time',
      ],
    };
  }
}
