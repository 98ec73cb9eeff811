import { Injectable } from '@nestjs/common';
import type { AuditLog } from './audit-log.entity';
import { AuditRepository } from './audit.repository';

export interface AuditEntry {
  /** The acting user; null for the system. */
  actorId: string | null;
  /** What happened, e.g. request.read, request.status, file.download. */
  action: string;
  /** The request (patient) the action touched, if any. */
  requestId: string | null;
  /** The caller's address (`req.ip`, see ClientIp). */
  ip: string;
  /** Ids, statuses, counts: never patient data (identifiers, answers, notes, names, e-mails). */
  detail?: Record<string, unknown>;
}

/** Writes the audit log: who read or changed which patient data, when, from where. */
@Injectable()
export class AuditService {
  constructor(private readonly audit: AuditRepository) {}

  record(entry: AuditEntry): Promise<void> {
    return this.recordMany([entry]);
  }

  /** One row per entry, in one statement (a list read touches many requests). */
  recordMany(entries: AuditEntry[]): Promise<void> {
    return this.audit.insertMany(
      entries.map((e) => ({
        actorId: e.actorId,
        action: e.action,
        requestId: e.requestId,
        ip: (e.ip ?? '').slice(0, 64),
        detail: e.detail ?? {},
      })),
    );
  }

  /** The trail of one request, oldest first. */
  forRequest(requestId: string): Promise<AuditLog[]> {
    return this.audit.findByRequestId(requestId);
  }
}
