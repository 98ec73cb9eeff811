import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { User } from './user.entity';

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email });
  }

  findByIdentitySub(identitySub: string): Promise<User | null> {
    return this.users.findOneBy({ identitySub });
  }

  create(data: Partial<User>): Promise<User> {
    return this.users.save(this.users.create(data));
  }

  save(user: User): Promise<User> {
    return this.users.save(user);
  }

  async deleteById(id: string): Promise<void> {
    await this.users.delete({ id });
  }
}
