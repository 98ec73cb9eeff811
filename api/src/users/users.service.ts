import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { Env } from '../config/env';
import { ENV } from '../config/env.token';
import { IdentityService } from '../identity/identity.service';
import type { UpdateUserDto } from './dto/update-user.dto';
import type { User } from './user.entity';
import { UsersRepository } from './users.repository';

export type NewUser = Pick<User, 'email' | 'firstName'> & Partial<User>;

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @Inject(ENV) private readonly env: Env,
    private readonly users: UsersRepository,
    private readonly identity: IdentityService,
  ) {}

  async getById(id: string): Promise<User> {
    const user = await this.users.findById(id);
    if (!user) {
      throw new NotFoundException('User not found');
    }
    return user;
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findByEmail(email.trim().toLowerCase());
  }

  findByIdentitySub(sub: string): Promise<User | null> {
    return this.users.findByIdentitySub(sub);
  }

  async create(data: NewUser): Promise<User> {
    const email = data.email.trim().toLowerCase();
    if (await this.users.findByEmail(email)) {
      throw new ConflictException('User already exists.');
    }
    return this.users.create({ ...data, email }).catch((error: unknown) => {
      if (String(error).includes('duplicate key')) {
        throw new ConflictException('User already exists.');
      }
      throw error;
    });
  }

  save(user: User): Promise<User> {
    return this.users.save(user);
  }

  /** A user may change only their own profile (spec 01 §7: another id answers 403). */
  async updateOwn(callerId: string, targetId: string, changes: UpdateUserDto): Promise<User> {
    this.assertSelf(callerId, targetId);
    const user = await this.getById(targetId);
    Object.assign(
      user,
      Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)),
    );
    return this.users.save(user);
  }

  /** Removes the product user and, with the built-in provider, the identity too. */
  async deleteOwn(callerId: string, targetId: string): Promise<void> {
    this.assertSelf(callerId, targetId);
    const user = await this.getById(targetId);
    await this.users.deleteById(user.id);
    if (this.env.IDENTITY_PROVIDER === 'local') {
      const identityId = user.identitySub ?? (await this.identity.findUserByEmail(user.email))?.id;
      if (identityId) {
        await this.identity.deleteUserById(identityId);
      }
    }
    // With Cognito the web app deletes the identity itself (DeleteUser with the user's token).
    this.logger.log({ userId: user.id }, 'Account deleted');
  }

  private assertSelf(callerId: string, targetId: string): void {
    if (callerId !== targetId) {
      throw new ForbiddenException('You can only change your own account.');
    }
  }
}
