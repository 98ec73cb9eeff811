import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import { Observable, Subject } from 'rxjs';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions';
import { AppEventType } from './dto/app-event.dto';

export const EVENTS_CHANNEL = 'trialflow_events';
/** Events older than this are deleted; a reconnect after longer gets only what is left. */
const RETENTION_DAYS = 7;
const REPLAY_LIMIT = 1000;

export interface PublishEvent {
  type: AppEventType;
  /** Users who may see it. */
  userIds: string[];
  /** Clinops of this facility may see it too. */
  facilityId?: number | null;
  /** Ids and statuses only, never patient data. */
  data: Record<string, unknown>;
}

export interface StoredEvent {
  id: string;
  type: AppEventType;
  userIds: string[];
  facilityId: number | null;
  data: Record<string, unknown>;
}

/** Who is listening: the user, and as clinops their facilities. */
export interface EventAudience {
  userId: string;
  facilityIds: number[];
}

export function isVisibleTo(event: StoredEvent, audience: EventAudience): boolean {
  return (
    event.userIds.includes(audience.userId) ||
    (event.facilityId !== null && audience.facilityIds.includes(event.facilityId))
  );
}

const EVENT_COLUMNS = `id::text AS id, type, user_ids AS "userIds", facility_id AS "facilityId", data`;

/**
 * Real-time events across API replicas: each event is stored (its bigserial id is the SSE id)
 * and announced with NOTIFY in the same statement, so it reaches every replica's LISTEN
 * connection when the transaction commits. Each replica hands events to its own subscribers,
 * filtered by audience; a reconnect replays the stored events after Last-Event-ID.
 */
@Injectable()
export class EventsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EventsService.name);
  private readonly live = new Subject<StoredEvent>();
  private listener: Client | null = null;
  private lastLiveId = 0n;
  private stopped = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    // Built without a database (OpenAPI generation): nothing to listen to.
    if (!this.dataSource.isInitialized) {
      return;
    }
    const rows = await this.dataSource.query<{ max: string | null }[]>(
      'SELECT max(id)::text AS max FROM app_event',
    );
    this.lastLiveId = BigInt(rows[0]?.max ?? 0);
    await this.listen();
    void this.prune();
    this.pruneTimer = setInterval(() => void this.prune(), 3600_000);
    this.pruneTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) {
      clearTimeout(this.reconnectTimer);
    }
    if (this.pruneTimer) {
      clearInterval(this.pruneTimer);
    }
    this.live.complete();
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }

  /** Stores the event and announces it to every replica when the (given) transaction commits. */
  async publish(event: PublishEvent, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource.manager).query(
      `WITH e AS (
         INSERT INTO app_event (type, user_ids, facility_id, data)
         VALUES ($1, $2::uuid[], $3, $4::jsonb) RETURNING ${EVENT_COLUMNS})
       SELECT pg_notify('${EVENTS_CHANNEL}', row_to_json(e)::text) FROM e`,
      [event.type, event.userIds, event.facilityId ?? null, JSON.stringify(event.data)],
    );
  }

  /**
   * The events this audience may see: first those after `lastEventId` (if given), then live
   * ones as they come, each once and in order.
   */
  subscribe(audience: EventAudience, lastEventId: string | null): Observable<StoredEvent> {
    return new Observable<StoredEvent>((subscriber) => {
      const buffered: StoredEvent[] = [];
      let replaying = lastEventId !== null;
      const after = lastEventId === null ? -1n : BigInt(lastEventId);
      // By id, not by order: transactions may commit out of id order.
      const sent = new Set<string>();
      const emit = (event: StoredEvent): void => {
        if (BigInt(event.id) > after && !sent.has(event.id)) {
          sent.add(event.id);
          if (sent.size > 10_000) {
            sent.delete(sent.values().next().value as string);
          }
          subscriber.next(event);
        }
      };
      const subscription = this.live.subscribe((event) => {
        if (!isVisibleTo(event, audience)) {
          return;
        }
        if (replaying) {
          buffered.push(event);
        } else {
          emit(event);
        }
      });
      if (lastEventId !== null) {
        this.replay(audience, lastEventId)
          .then((events) => {
            events.forEach(emit);
            replaying = false;
            buffered.forEach(emit);
            buffered.length = 0;
          })
          .catch((error: unknown) => subscriber.error(error));
      }
      return () => subscription.unsubscribe();
    });
  }

  private replay(audience: EventAudience, afterId: string): Promise<StoredEvent[]> {
    return this.dataSource.query<StoredEvent[]>(
      `SELECT ${EVENT_COLUMNS} FROM app_event
        WHERE id > $1::bigint AND ($2::uuid = ANY(user_ids) OR facility_id = ANY($3::int[]))
        ORDER BY id LIMIT ${REPLAY_LIMIT}`,
      [afterId, audience.userId, audience.facilityIds],
    );
  }

  private async listen(): Promise<void> {
    const options = this.dataSource.options as PostgresDataSourceOptions;
    const client = new Client({
      connectionString: options.url,
      ssl: options.ssl as boolean | undefined,
      application_name: 'trialflow-api-events',
    });
    client.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) {
        return;
      }
      this.dispatch(JSON.parse(message.payload) as StoredEvent);
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'The events listener connection failed; reconnecting');
      this.scheduleReconnect(client);
    });
    client.on('end', () => this.scheduleReconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      // A server still starting (57P03) may accept the socket and then refuse: close it, so
      // each retry does not leave a connection behind.
      void client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
  }

  private dispatch(event: StoredEvent): void {
    const id = BigInt(event.id);
    if (id > this.lastLiveId) {
      this.lastLiveId = id;
    }
    this.live.next(event);
  }

  private scheduleReconnect(client: Client): void {
    if (this.stopped || this.listener !== client || this.reconnectTimer) {
      return;
    }
    this.listener = null;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.reconnect();
    }, 1000);
  }

  /** After a lost connection: listen again, then hand out what was stored meanwhile. */
  private async reconnect(): Promise<void> {
    try {
      const since = this.lastLiveId;
      await this.listen();
      const missed = await this.dataSource.query<StoredEvent[]>(
        `SELECT ${EVENT_COLUMNS} FROM app_event WHERE id > $1::bigint ORDER BY id LIMIT ${REPLAY_LIMIT}`,
        [since.toString()],
      );
      missed.forEach((event) => this.dispatch(event));
    } catch (error) {
      this.logger.warn({ err: error }, 'Reconnecting the events listener failed; trying again');
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        void this.reconnect();
      }, 3000);
    }
  }

  private async prune(): Promise<void> {
    try {
      await this.dataSource.query(
        `DELETE FROM app_event WHERE created_at < now() - interval '${RETENTION_DAYS} days'`,
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'Pruning old events failed');
    }
  }
}
