import { ApiProperty } from '@nestjs/swagger';
import { SUPPORTED_LANGUAGES } from '@trialflow/contract';
import type { User } from '../user.entity';

export enum UserType {
  Hcp = 'hcp',
  Clinops = 'clinops',
}

/** The user as the web app keeps it (spec 01 §3 User). */
export class UserResponseDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ enum: UserType, enumName: 'UserType' })
  type: UserType;

  @ApiProperty()
  email: string;

  @ApiProperty()
  firstName: string;

  @ApiProperty()
  lastName: string;

  @ApiProperty({ example: '+4930123456' })
  phoneNumber: string;

  @ApiProperty({ example: 'DE' })
  country: string;

  @ApiProperty()
  institution: string;

  @ApiProperty({ example: 'ancora_hcp' })
  userSource: string;

  @ApiProperty({ enum: SUPPORTED_LANGUAGES, enumName: 'Language' })
  language: string;

  @ApiProperty()
  subscribe: boolean;

  @ApiProperty()
  clinopsuser: boolean;

  @ApiProperty({ type: [Number], description: 'Facilities of a clinops user.' })
  facilityIds: number[];

  @ApiProperty({ example: 'email' })
  registerType: string;

  @ApiProperty()
  createdAt: string;
}

export class UserEnvelopeDto {
  @ApiProperty({ type: UserResponseDto })
  user: UserResponseDto;
}

export function toUserResponse(user: User): UserResponseDto {
  return {
    _id: user.id,
    type: user.isClinops ? UserType.Clinops : UserType.Hcp,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    country: user.country,
    institution: user.institution,
    userSource: user.userSource,
    language: user.language,
    subscribe: user.subscribe,
    clinopsuser: user.isClinops,
    facilityIds: user.facilityIds,
    registerType: user.registerType,
    createdAt: user.createdAt.toISOString(),
  };
}
