import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Auth } from '../common/auth/auth.decorator';
import { CurrentUser } from '../common/auth/current-user.decorator';
import type { AuthUser } from '../common/auth/auth-user';
import { ErrorResponseDto } from '../common/dto/error-response.dto';
import { uuidParam } from '../common/uuid-param';
import { UpdateUserDto } from './dto/update-user.dto';
import { toUserResponse, UserEnvelopeDto } from './dto/user-response.dto';
import { UsersService } from './users.service';

const uuid = uuidParam();

@ApiTags('users')
@Controller('hcp/user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('me')
  @Auth()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserEnvelopeDto })
  async getMe(@CurrentUser() caller: AuthUser): Promise<UserEnvelopeDto> {
    return { user: toUserResponse(await this.users.getById(caller.id)) };
  }

  @Put(':id')
  @Auth()
  @ApiOperation({ summary: 'Update your own profile' })
  @ApiOkResponse({ type: UserEnvelopeDto })
  @ApiBadRequestResponse({ type: ErrorResponseDto })
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Another user.' })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async updateUser(
    @CurrentUser() caller: AuthUser,
    @Param('id', uuid) id: string,
    @Body() body: UpdateUserDto,
  ): Promise<UserEnvelopeDto> {
    return { user: toUserResponse(await this.users.updateOwn(caller.id, id, body)) };
  }

  @Delete(':userId')
  @Auth()
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete your own account (the product user and its identity)' })
  @ApiNoContentResponse()
  @ApiForbiddenResponse({ type: ErrorResponseDto, description: 'Another user.' })
  async deleteUser(
    @CurrentUser() caller: AuthUser,
    @Param('userId', uuid) userId: string,
  ): Promise<void> {
    await this.users.deleteOwn(caller.id, userId);
  }
}
