import { sql, type SQL } from 'drizzle-orm';
import type { AccountNotice, OffenseType } from '@pes/contracts';
import type { DbOrTx } from '../../db/client';
import { insertJobSql, type JobQueue } from './jobs.service';

/** An appointment as the citizen booked it (Colombo local date and times). */
export interface EventAppointment {
  date: string;
  time_from: string;
  time_to: string;
  station: string;
}

/**
 * What happened, said by the service that made it happen. Each event names the citizen who owns the
 * record and carries what a subscriber needs to tell them, so a subscriber reads no other module's tables.
 */
export type DomainEvent =
  | { type: 'complaint.filed'; complaintId: number; citizenUserId: number; reference: string; appointment: EventAppointment | null }
  | { type: 'complaint.status_changed'; complaintId: number; citizenUserId: number; reference: string; status: string }
  | {
      type: 'clearance.paid' | 'clearance.status_changed' | 'clearance.certificate_ready' | 'clearance.withdrawn';
      applicationId: number;
      citizenUserId: number;
      reference: string;
      status: string;
    }
  | {
      type: 'fine.paid';
      payerUserId: number;
      /** The fine's id. */
      reference: string;
      amountCents: number;
      /** What the receipt says. */
      receipt: { vehicleNumber: string; offenseType: OffenseType; incidentDate: string; paymentReference: string | null; courtRequired: boolean };
    }
  /**
   * A reset link was asked for: valid until `expiresAt` (seconds since the epoch) while the account's password is
   * the one `binding` names (a keyed hash of it). The link itself is never recorded: it is made when the message is
   * sent (password-reset.service.ts).
   */
  | { type: 'password.reset_requested'; userId: number; username: string; expiresAt: number; binding: string }
  /**
   * Someone asked for a reset link for this username, as typed (any name, an account's or not): the password-reset
   * service looks the account up here, in a job, so the request itself does the same work for every name.
   */
  | { type: 'password.reset_asked'; username: string }
  /**
   * Something happened to an account that its owner must hear of (a password changed or reset, a second step set up,
   * reset or locked, other sessions ended, a sign-in from a new device, the account closed): when (ISO instant), and
   * the browser and system and the network (IPv4 /24, IPv6 /48) of the request that did it, where known. Never a secret.
   */
  | { type: 'account.notice'; userId: number; username: string; notice: AccountNotice; at: string; device: string | null; network: string | null };
export type DomainEventType = DomainEvent['type'];

/** An event's fields (all but its type) as SQL expressions over the rows of a statement. */
export type EventColumns<T extends DomainEventType> = { [K in Exclude<keyof Extract<DomainEvent, { type: T }>, 'type'>]: SQL };

/**
 * Records the event in the statement of the change itself (a CTE), once per row of `from`: for a change made in one
 * statement, which a second round trip in a transaction would slow (see `insertJobSql`). Subscribers get it as
 * from `record`.
 */
export function recordEventSql<T extends DomainEventType>(type: T, columns: EventColumns<T>, from: SQL): SQL {
  // The keys are this file's own names, not input: literals keep the prepared statement's parameters to the values.
  const fields = Object.entries(columns as Record<string, SQL>).flatMap(([key, value]) => [sql.raw(`'${key}'`), value]);
  return insertJobSql('domain-event', sql`jsonb_build_object('type', ${sql.raw(`'${type}'`)}, ${sql.join(fields, sql`, `)})`, from);
}

/** A recorded event as its subscribers get it: `id` is unique per event (the job's id), stable across retries. */
export type RecordedEvent = DomainEvent & { id: string };
type Subscriber = (event: RecordedEvent) => Promise<void>;

/**
 * Domain events on the job queue: `record` inserts the event as a job in the transaction of the change
 * (a rolled-back change records nothing); each subscriber then runs once per event, retried on failure.
 */
export function createDomainEvents(deps: { jobs: JobQueue }) {
  const subscribers: Subscriber[] = [];
  deps.jobs.work(
    'domain-event',
    async (data, job) => {
      const event = { ...(data as DomainEvent), id: job.id };
      for (const subscriber of subscribers) await subscriber(event);
    },
    { batchSize: 10 },
  );
  return {
    async record(tx: DbOrTx, event: DomainEvent) {
      await deps.jobs.enqueue(tx, 'domain-event', event);
    },
    /** A subscriber must be idempotent: a retried event reaches every subscriber again. */
    subscribe(subscriber: Subscriber) {
      subscribers.push(subscriber);
    },
  };
}
export type DomainEvents = ReturnType<typeof createDomainEvents>;
export type EventRecorder = Pick<DomainEvents, 'record'>;
