import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import {
  ADMIN_PASSWORD_MIN,
  CITIZEN_PASSWORD_MIN,
  OFFICER_PASSWORD_MIN,
  PASSWORD_SCORE_REQUIRED,
  PASSWORD_SUGGESTIONS,
  PASSWORD_WARNINGS,
  passwordSuggestionKey,
  passwordWarningKey,
  type PasswordSuggestion,
  type PasswordWarning,
  type Role,
  type ValidationMessageKey,
} from '@pes/contracts';
import { appError } from '../../app-error';
import { STATION_SEEDS } from '../stations/stations.seed-data';
import { SRI_LANKAN_NAMES, SRI_LANKAN_PLACES } from './sri-lankan-words';

/**
 * Where a password is set (signup, officer creation, change, reset, the configured administrator's at a production
 * start) it must be long enough for the account's role, not one of the common passwords, and hard enough to guess:
 * zxcvbn-ts's full estimator (its common-password, English word, name and Wikipedia lists, l33t readings, reversed
 * words, keyboard patterns, repeats, sequences and dates) with this portal's own words and the account's names and
 * username counted as the first words a guesser tries. Kept on the server only: the dictionaries are about 1.5 MB of
 * JavaScript, too much for the browser's pages. They are read once, on the first password set (about a second and
 * 40 MB), not at start-up.
 *
 * The estimator's Levenshtein matching (a password one or two letters off a listed word) is not used: it compares
 * the password with every listed word, 0.3 to 6 s per password here, a denial of service on the signup form. The
 * l33t and pattern matchers cover the usual variations ("P@ssw0rd", "Password@123").
 *
 * Two limits keep one estimate within tens of milliseconds, whatever is typed (it runs on the request's thread): only
 * the first ESTIMATED_LENGTH characters are estimated (a longer password is judged by them: 64 characters are plenty
 * to reach the score), and the l33t matcher tries at most L33T_MAX_SUBSTITUTIONS look-alikes per password (the
 * library's default, 100, took seconds on repeated symbol patterns such as "aB3$aB3$…").
 */
const ESTIMATED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 6;

/**
 * This portal's own words, first in a guesser's list: its name and places, its roles, and every word of the seeded
 * stations' English names (a citizen's or an officer's station is the first guess about them).
 */
export const PORTAL_WORDS: readonly string[] = [
  ...new Set([
    'police',
    'lanka',
    'sri',
    'srilanka',
    'colombo',
    'eservices',
    'services',
    'portal',
    'citizen',
    'officer',
    'admin',
    'administrator',
    'constable',
    'sergeant',
    'inspector',
    'traffic',
    'crime',
    'clearance',
    'complaint',
    'station',
    'ceylon',
    ...STATION_SEEDS.flatMap((s) => [s.name, s.district])
      .flatMap((name) => name.toLowerCase().split(/[^a-z]+/))
      .filter((word) => word.length >= 3),
  ]),
];

/** Words about the account itself: its username and names (and an e-mail's local part), each word of them. */
export interface PasswordContext {
  username?: string | undefined;
  names?: ReadonlyArray<string | null | undefined>;
}

function accountWords(context: PasswordContext) {
  const parts = [context.username, ...(context.names ?? [])].filter((p): p is string => !!p);
  const words = parts.flatMap((p) => {
    const lower = p.toLowerCase();
    return [lower, ...lower.split(/[^\p{L}\p{N}]+/u)];
  });
  return [...new Set(words.filter((w) => w.length >= 3))];
}

let estimator: Promise<ZxcvbnFactory> | undefined;
/** The estimator with its dictionaries, built on first use. */
export function loadEstimator() {
  estimator ??= (async () => {
    // The packages are CommonJS: their exports object is the default export, under Node and in the server's bundle alike.
    const [{ default: core }, { default: common }, { default: en }] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new core.ZxcvbnFactory({
      // Sri Lankan names and places beside the English lists: "Perera@123" and "Kandy@2024" are as weak as "Smith@123".
      dictionary: { ...common.dictionary, ...en.dictionary, 'names-lk': [...SRI_LANKAN_NAMES], 'places-lk': [...SRI_LANKAN_PLACES] },
      graphs: common.adjacencyGraphs,
      // No translations: feedback comes as the library's keys, which the browser translates (PASSWORD_WARNINGS).
      useLevenshteinDistance: false,
      maxLength: ESTIMATED_LENGTH,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
  })();
  return estimator;
}

const WARNINGS = new Set<string>(PASSWORD_WARNINGS);
const SUGGESTIONS = new Set<string>(PASSWORD_SUGGESTIONS);

/** A password's score (0–4) and the estimator's feedback as validation message keys. */
export async function estimatePassword(password: string, context: PasswordContext = {}) {
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, [...PORTAL_WORDS, ...accountWords(context)]);
  const { warning, suggestions } = result.feedback;
  const hints: ValidationMessageKey[] = [
    ...(warning && WARNINGS.has(warning) ? [passwordWarningKey(warning as PasswordWarning)] : []),
    ...suggestions.filter((s) => SUGGESTIONS.has(s)).map((s) => passwordSuggestionKey(s as PasswordSuggestion)),
  ];
  return { score: result.score, guessesLog10: result.guessesLog10, hints };
}

let commonPasswords: Promise<Set<string>> | undefined;
function loadCommonPasswords() {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ default: { dictionary } }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return commonPasswords;
}

/** One of the 49,233 most common passwords of the zxcvbn-ts list, in any letter case ("Secret12" is "secret12"). */
export async function isCommonPassword(password: string) {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/** The shortest password each role may set (the schemas hold the shortest of all, an officer's). */
const MINIMUM: Record<Role, { length: number; message: 'citizenPasswordLength' | 'officerPasswordLength' | 'adminPasswordLength' }> = {
  citizen: { length: CITIZEN_PASSWORD_MIN, message: 'citizenPasswordLength' },
  police_officer: { length: OFFICER_PASSWORD_MIN, message: 'officerPasswordLength' },
  admin: { length: ADMIN_PASSWORD_MIN, message: 'adminPasswordLength' },
};

/** What stands against a new password, or undefined when it may be set: the error the caller throws. */
export async function newPasswordProblem(password: string, role: Role, field: string, context: PasswordContext = {}) {
  const minimum = MINIMUM[role];
  if ([...password].length < minimum.length) return appError('password.too_short', { fields: { [field]: minimum.message } });
  if (await isCommonPassword(password)) return appError('password.common', { field });
  const { score, hints } = await estimatePassword(password, context);
  if (score >= PASSWORD_SCORE_REQUIRED[role]) return undefined;
  // A password just under a staff account's score gets no feedback from the estimator (it says nothing from 3 up).
  return appError('password.weak', { field, hints: { [field]: hints.length > 0 ? hints : ['passwordSuggestionAnotherWord'] } });
}

/**
 * The one check of a password being set (signup, officer creation, change, reset), after its schema. Throws a 400
 * naming `field`: too short for the account's role, a common password, or under the role's score.
 */
export async function assertNewPasswordAllowed(password: string, role: Role, field: string, context: PasswordContext = {}) {
  const problem = await newPasswordProblem(password, role, field, context);
  if (problem) throw problem;
}
