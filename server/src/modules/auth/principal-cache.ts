import type { Principal } from '../../http/principal';
import type { Listen } from '../../db/notifications';

/** The channel the triggers of migration 0001_principal_changes notify on. */
const PRINCIPAL_CHANGED_CHANNEL = 'pes_principal_changed';
const DEFAULT_CAPACITY = 50_000;

/**
 * The principals of live sessions, kept in this process so that a session's requests after its first
 * do not each read the session, user, officer and citizen rows again.
 *
 * Correctness rests on the database telling every instance about each change (NOTIFY from triggers on
 * the tables a principal is read from), so a logout or a deactivation takes effect on every instance
 * as soon as the notification arrives (at once on PGlite, milliseconds on PostgreSQL; this instance
 * also forgets its own logouts synchronously). While the notification connection is down nothing is
 * cached or served from the cache, and everything is forgotten when it comes back, since
 * notifications sent in between are lost.
 *
 * A lookup that raced a change must not store what it read before the change: every change moves
 * `generation` on, and a lookup only stores its result if the generation it started in is still current.
 */
export function createPrincipalCache(capacity = DEFAULT_CAPACITY) {
  const bySession = new Map<string, Principal>();
  let listening = false;
  let generation = 0;

  const clear = () => {
    generation++;
    bySession.clear();
  };

  const forgetSession = (jti: string) => {
    generation++;
    bySession.delete(jti);
  };

  const forgetUser = (userId: number) => {
    generation++;
    for (const [jti, p] of bySession) if (p.userId === userId) bySession.delete(jti);
  };

  /** Applies one notification payload: 's:<jti>', 'u:<user id>' or '*'. Anything else clears all. */
  const apply = (payload: string) => {
    if (payload.startsWith('s:')) return forgetSession(payload.slice(2));
    const userId = payload.startsWith('u:') ? Number(payload.slice(2)) : NaN;
    if (Number.isInteger(userId)) return forgetUser(userId);
    clear();
  };

  const get = (jti: string): Principal | undefined => (listening ? bySession.get(jti) : undefined);

  return {
    /** Starts hearing the database's notifications; answers the function that stops. */
    async connect(listen: Listen) {
      return listen(PRINCIPAL_CHANGED_CHANNEL, {
        onMessage: apply,
        onListening: () => {
          clear();
          listening = true;
        },
        onLost: () => {
          listening = false;
          clear();
        },
      });
    },

    get,

    /**
     * Looks the principal up with `load` unless it is known, and keeps the answer when no change was
     * heard while loading. The returned principal is shared by requests: it is frozen.
     */
    async getOrLoad(jti: string, load: () => Promise<Principal | undefined>): Promise<Principal | undefined> {
      const known = get(jti);
      if (known) return known;
      const startedIn = generation;
      const loaded = await load();
      if (!loaded || !listening || startedIn !== generation) return loaded;
      if (bySession.size >= capacity) bySession.delete(bySession.keys().next().value!);
      const shared = Object.freeze(loaded);
      bySession.set(jti, shared);
      return shared;
    },

    forgetSession,
    forgetUser,
    get size() {
      return bySession.size;
    },
  };
}
export type PrincipalCache = ReturnType<typeof createPrincipalCache>;
