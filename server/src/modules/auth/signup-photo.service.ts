import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  SIGNUP_PHOTO_KEEP_SECONDS,
  SIGNUP_PHOTO_KEY_PATTERN,
  SIGNUP_PHOTO_LINK_SECONDS,
  SIGNUP_PHOTO_TOKEN_ALPHABET,
  SIGNUP_PHOTO_TOKEN_LENGTH,
  normaliseSignupPhotoToken,
  type SignupPhotoHandoff,
  type SignupPhotoStatus,
  SIGNUP_PHOTO_PATH,
} from '@pes/contracts';
import { AppError, appError } from '../../app-error';
import type { Database, DbOrTx } from '../../db/client';
import type { UploadedFile } from '../../http/uploaded-file';
import type { Logger } from '../../logger';
import type { FileRow, FilesService } from '../files/files.service';
import type { SignupPhotoRepository } from './signup-photo.repository';

/** A stored form of a secret: SHA-256 (the secrets are random, 80 and 256 bits; a slow hash would add nothing). */
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A new link token: 80 random bits as 16 characters of Crockford's base32 (each byte's 5 low bits pick one; 256 is a multiple of 32). */
function newToken() {
  return [...randomBytes(SIGNUP_PHOTO_TOKEN_LENGTH)].map((byte) => SIGNUP_PHOTO_TOKEN_ALPHABET[byte % 32]).join('');
}

/** What a photo sent from a phone is kept as until the signup claims it: an identity file, like the signup's own photos. */
const PURPOSE = 'citizen_identity';

/**
 * A signup's live photo taken on a phone (contracts signup-photo.ts). The signup page asks for a handoff (its key and
 * the link's token, each stored hashed); the phone sends one photo with the token within SIGNUP_PHOTO_LINK_SECONDS; the
 * signup page asks with its key until the photo is there, shows it, and its signup uses it (in the signup's
 * transaction: the file becomes the new account's). Unused handoffs and their photos are swept after
 * SIGNUP_PHOTO_KEEP_SECONDS.
 */
export function createSignupPhotoService(deps: { db: Database; repository: SignupPhotoRepository; files: FilesService; publicUrl: string; log: Logger }) {
  const { db, repository, files } = deps;

  /** The handoff of a key, or undefined (an ill-formed key is nobody's). */
  const findByKey = (key: string) =>
    SIGNUP_PHOTO_KEY_PATTERN.test(key) ? repository.findByKey(hashOf(key), SIGNUP_PHOTO_KEEP_SECONDS) : Promise.resolve(undefined);

  /** The handoff of a link token whose link still takes a photo; 404 for no such link, 410 once used or expired. */
  async function openLink(typed: string) {
    const token = normaliseSignupPhotoToken(typed);
    const handoff = token ? await repository.findByToken(hashOf(token)) : undefined;
    if (!handoff) throw appError('signup_photo.not_found');
    if (handoff.receivedAt) throw appError('signup_photo.used');
    if (!handoff.open) throw appError('signup_photo.expired');
    return handoff;
  }

  return {
    /** A new handoff: its key (for the signup page only), the phone's link and its token, and when the link expires. */
    async create(): Promise<SignupPhotoHandoff> {
      const token = newToken();
      const key = randomBytes(32).toString('base64url');
      const row = await repository.insert({ tokenHash: hashOf(token), keyHash: hashOf(key), validSeconds: SIGNUP_PHOTO_LINK_SECONDS });
      return { handoff: key, token, link: new URL(`${SIGNUP_PHOTO_PATH}/${token}`, deps.publicUrl).toString(), expires_at: row.expiresAt.toISOString() };
    },

    /** Whether the photo has arrived: waiting, received; 404 for no such handoff, 410 once used or past its time. */
    async status(key: string): Promise<SignupPhotoStatus> {
      const handoff = await findByKey(key);
      if (!handoff) throw appError('signup_photo.not_found');
      if (handoff.usedAt) throw appError('signup_photo.used');
      if (handoff.receivedAt && handoff.fileId !== null && handoff.kept) return { status: 'received', expires_at: handoff.expiresAt.toISOString() };
      if (!handoff.receivedAt && handoff.open) return { status: 'waiting', expires_at: handoff.expiresAt.toISOString() };
      throw appError('signup_photo.expired');
    },

    /** The received photo, for the signup page that holds the key to show; 404 unless there is one still usable. */
    async openPhoto(key: string): Promise<{ file: FileRow; content: Readable }> {
      const handoff = await findByKey(key);
      const opened = handoff && !handoff.usedAt && handoff.kept && handoff.fileId !== null ? await files.openUnowned(handoff.fileId) : undefined;
      if (!opened) throw appError('signup_photo.not_found');
      return opened;
    },

    /** The signup page lets its handoff go (another photo, a new link): the link stops working and its photo is deleted now. */
    async discard(key: string) {
      const deleted = SIGNUP_PHOTO_KEY_PATTERN.test(key) ? await repository.deleteUnused(hashOf(key)) : undefined;
      if (!deleted) throw appError('signup_photo.not_found');
      if (deleted.fileId !== null) await files.discardUnclaimed([deleted.fileId]);
    },

    /** The phone's page checks its link before it opens the camera. */
    async checkLink(token: string) {
      const handoff = await openLink(token);
      return { expires_at: handoff.expiresAt.toISOString() };
    },

    /**
     * The phone's photo, checked by its content and cleaned like any upload, stored and recorded on the handoff in one
     * transaction, once: a second photo (or one after the link expired) is refused and leaves nothing behind.
     */
    async receive(token: string, photo: UploadedFile) {
      const handoff = await openLink(token);
      await files.withStagedFiles([photo], ([staged]) =>
        db.transaction(async (tx) => {
          const file = await files.recordUnowned(staged!, PURPOSE, tx);
          if (await repository.receive(handoff.id, file.id, tx)) return;
          // Another photo came first, or the link expired meanwhile: this one is not kept (the transaction is undone).
          const now = await repository.findByToken(hashOf(normaliseSignupPhotoToken(token)!), tx);
          throw appError(now?.receivedAt ? 'signup_photo.used' : 'signup_photo.expired');
        }),
      );
    },

    /**
     * Inside a signup's transaction: the handoff's photo becomes the new account's live photo, once. Its file id, or
     * 410 `signup_photo.not_usable` naming live_photo (no photo yet, used already, kept too long, no such handoff).
     */
    async useInSignup(key: string, ownerUserId: number, tx: DbOrTx) {
      const fileId = await repository.use(hashOf(key), SIGNUP_PHOTO_KEEP_SECONDS, tx);
      if (fileId === undefined) throw appError('signup_photo.not_usable');
      try {
        return (await files.claimUnowned({ id: fileId, ownerUserId, purpose: PURPOSE, field: 'live_photo' }, tx)).id;
      } catch (err) {
        throw err instanceof AppError ? appError('signup_photo.not_usable') : err;
      }
    },

    /** Deletes the handoffs past SIGNUP_PHOTO_KEEP_SECONDS, and the photos none used (with the hourly upload sweep). */
    async sweep() {
      let deleted = 0;
      let photos = 0;
      for (;;) {
        const batch = await repository.deleteOld(SIGNUP_PHOTO_KEEP_SECONDS);
        deleted += batch.deleted;
        photos += await files.discardUnclaimed(batch.unusedFileIds);
        if (batch.deleted < batch.batchSize) break;
      }
      if (deleted > 0) deps.log.info({ handoffs: deleted, photos }, 'old signup photo handoffs deleted');
      return { handoffs: deleted, photos };
    },
  };
}
export type SignupPhotoService = ReturnType<typeof createSignupPhotoService>;
