import { ADMIN_PASSWORD_MIN, CITIZEN_PASSWORD_MIN, OFFICER_PASSWORD_MIN, type Role } from '@pes/contracts';
import { appError } from '../../app-error';

/**
 * The common passwords refused wherever a password is set: the 49,233 most common passwords of the
 * zxcvbn-ts project's list (@zxcvbn-ts/language-common, compiled from leaked-password corpora), compared
 * without regard to letter case ("Secret12" is "secret12"). Kept on the server only: the list is 380 kB of
 * JavaScript, too much for the browser's pages. It is read once, on the first password set (about 50 ms and
 * 10 MB), not at start-up.
 */
let commonPasswords: Promise<Set<string>> | undefined;
function loadCommonPasswords() {
  // The package is CommonJS: its exports object is the default export, under Node and in the server's bundle alike
  // (the bundle, unlike Node, names none of its other exports when it puts the package in a chunk of its own).
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ default: { dictionary } }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return commonPasswords;
}

export async function isCommonPassword(password: string) {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/** The shortest password each role may set (the schemas hold the shortest of all, an officer's). */
const MINIMUM: Record<Role, { length: number; message: 'citizenPasswordLength' | 'officerPasswordLength' | 'adminPasswordLength' }> = {
  citizen: { length: CITIZEN_PASSWORD_MIN, message: 'citizenPasswordLength' },
  police_officer: { length: OFFICER_PASSWORD_MIN, message: 'officerPasswordLength' },
  admin: { length: ADMIN_PASSWORD_MIN, message: 'adminPasswordLength' },
};

/**
 * The one check of a password being set (signup, officer creation, change, reset), after its schema: long
 * enough for the account's role and not a common password. Throws a 400 naming `field`.
 */
export async function assertNewPasswordAllowed(password: string, role: Role, field: string) {
  const minimum = MINIMUM[role];
  if ([...password].length < minimum.length) throw appError('password.too_short', { fields: { [field]: minimum.message } });
  if (await isCommonPassword(password)) throw appError('password.common', { field });
}
