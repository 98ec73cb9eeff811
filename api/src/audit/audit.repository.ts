import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuditLog } from './audit-log.entity';

export type NewAuditLog = Pick<AuditLog, 'actorId' | 'action' | 'requestId' | 'ip' | 'detail'>;

@Injectable()
export class AuditRepository {
  constructor(@InjectRepository(AuditLog) private readonly repo: Repository<AuditLog>) {}

  async insertMany(rows: NewAuditLog[]): Promise<void> {
    if (rows.length > 0) {
      // jsonb detail: TypeORM's deep-partial type does not take Record<string, unknown>.
      await this.repo.insert(rows as Parameters<Repository<AuditLog>['insert']>[0]);
    }
  }

  findByRequestId(requestId: string): Promise<AuditLog[]> {
    return this.repo.find({ where: { requestId }, order: { id: 'ASC' } });
  }
}
