/**
 * How many bits of entropy a secret (TOKEN_SECRET, ADDRESS_HASH_SECRET) has at most, judged from the
 * string alone; production refuses one under SECRET_MIN_BITS (README, "Configuration").
 *
 * The measure: each character is worth log2 of the smallest usual alphabet that holds the whole secret
 * (10 digits, 16 hex digits, 26 letters of one case, 32 of base32, 36 letters and digits of one case, 62
 * of both cases, 64 of base64 and base64url, 95 printable ASCII characters; more only with other
 * characters), except a character that a guesser would predict from those before it, which is worth
 * nothing: the third and later of a run with a constant small step ("aaa", "abc", "1234", "9753"), and a
 * character that ends a repeat of four or more characters seen earlier ("pass…pass"). So 64 random hex
 * digits (`openssl rand -hex 32`) are worth about 256 bits and 43 base64url characters about 258; forty
 * `a`s are worth 4.7 bits, `password1234…` or a short phrase repeated far less than their length suggests.
 * It cannot know a dictionary word from random letters: an estimate from above, for catching placeholders
 * and patterns, not a proof of randomness. Generate secrets, never type them.
 */
const SECRET_MIN_LENGTH = 32;
export const SECRET_MIN_BITS = 128;

const ALPHABETS: Array<[RegExp, number]> = [
  [/^[0-9]*$/, 10],
  [/^[0-9a-f]*$/, 16],
  [/^[0-9A-F]*$/, 16],
  [/^[a-z]*$/, 26],
  [/^[A-Z]*$/, 26],
  [/^[A-Z2-7]*=*$/, 32],
  [/^[0-9a-z]*$/, 36],
  [/^[0-9A-Z]*$/, 36],
  [/^[0-9A-Za-z]*$/, 62],
  [/^[0-9A-Za-z+/]*=*$/, 64],
  [/^[0-9A-Za-z_-]*=*$/, 64],
  [/^[\x20-\x7e]*$/, 95],
];

function alphabetSize(chars: string[]) {
  const text = chars.join('');
  const known = ALPHABETS.find(([pattern]) => pattern.test(text));
  if (known) return known[1];
  // Beyond printable ASCII: the printable characters and the other characters it uses.
  return 95 + new Set(chars.filter((c) => !/^[\x20-\x7e]$/.test(c))).size;
}

export function estimateSecretBits(secret: string): number {
  const perCharacter = Math.log2(alphabetSize([...secret]));
  // Base64's and base32's padding carries nothing.
  const chars = [...secret.replace(/=+$/, '')];
  const codes = chars.map((c) => c.codePointAt(0)!);
  let bits = 0;
  for (let i = 0; i < chars.length; i++) {
    const step = i >= 2 ? codes[i]! - codes[i - 1]! : NaN;
    const inRun = i >= 2 && Math.abs(step) <= 2 && step === codes[i - 1]! - codes[i - 2]!;
    const endsRepeat =
      i >= 2 &&
      chars
        .slice(0, i - 2)
        .join('')
        .includes(chars.slice(i - 2, i + 1).join(''));
    if (!inRun && !endsRepeat) bits += perCharacter;
  }
  return bits;
}

/** What is wrong with a secret for production, in English; nothing when it will do. */
export function secretProblems(secret: string): string[] {
  const problems: string[] = [];
  if ([...secret].length < SECRET_MIN_LENGTH) problems.push(`it must be at least ${SECRET_MIN_LENGTH} characters`);
  const bits = estimateSecretBits(secret);
  if (bits < SECRET_MIN_BITS) {
    problems.push(
      `it has too little entropy (about ${Math.floor(bits)} bits by the estimate in the README; at least ${SECRET_MIN_BITS} needed): generate one, e.g. \`openssl rand -hex 32\``,
    );
  }
  return problems;
}
