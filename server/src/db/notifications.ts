import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface NotificationHandlers {
  onMessage(payload: string): void;
  /** Notifications are heard from now on: anything sent before may have been missed. */
  onListening(): void;
  /** The connection is gone: notifications are being missed until the next onListening. */
  onLost(): void;
}

export type Listen = (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
/** The channel goes into a LISTEN statement as an identifier: only plain lower-case names. */
const checkChannel = (channel: string) => {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name ${channel}`);
};
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;
/** The listening connection is asked a trivial query this often; no answer within the timeout counts as lost. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

/**
 * LISTEN on PostgreSQL over a connection of its own (a pooled one would be handed to queries). When that
 * connection fails, the handlers hear onLost at once and onListening once a new connection listens again,
 * retried with backoff for as long as the server runs.
 */
export function listenOnPostgres(connectionString: string): Listen {
  return async (channel, handlers) => {
    checkChannel(channel);
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let delay = RECONNECT_FIRST_MS;
    let heartbeat: NodeJS.Timeout | undefined;

    const lost = (c: pg.Client) => {
      if (client !== c) return;
      client = undefined;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = undefined;
      c.end().catch(() => {});
      if (stopped) return;
      handlers.onLost();
      retry = setTimeout(connect, delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };

    async function connect() {
      retry = undefined;
      const c = new pg.Client({
        connectionString,
        application_name: 'pes-listener',
        keepAlive: true,
        connectionTimeoutMillis: HEARTBEAT_TIMEOUT_MS,
        query_timeout: HEARTBEAT_TIMEOUT_MS,
      });
      client = c;
      c.on('error', () => lost(c));
      c.on('end', () => lost(c));
      c.on('notification', (n) => {
        if (n.channel === channel) handlers.onMessage(n.payload ?? '');
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${channel}`);
      } catch {
        lost(c);
        return;
      }
      if (client !== c || stopped) return;
      delay = RECONNECT_FIRST_MS;
      // A frozen server or a silently dropped connection sends no 'error': the heartbeat notices it.
      heartbeat = setInterval(() => {
        c.query('select 1').catch(() => lost(c));
      }, HEARTBEAT_MS);
      heartbeat.unref();
      handlers.onListening();
    }

    await connect();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    };
  };
}

/** PGlite runs in this process: its notifications arrive before the query that caused them resolves. */
export function listenOnPglite(client: PGlite): Listen {
  return async (channel, handlers) => {
    checkChannel(channel);
    const unlisten = await client.listen(channel, (payload) => handlers.onMessage(payload));
    handlers.onListening();
    return unlisten;
  };
}
