// The password generator (spec §5 "Password generator", §9): one implementation for the console's
// regenerate button and the server's import of rows without a password. Characters come from the
// platform's cryptographic source (Web Crypto getRandomValues: browsers and Node 20 both have it),
// drawn without modulo bias by rejection sampling.

export const PASSWORD_DEFAULT_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** spec §5: the message when every character class is turned off. */
export const NO_CHARACTER_TYPE = 'At least one character type must be enabled';

const UPPERCASE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWERCASE = 'abcdefghijklmnopqrstuvwxyz';
const NUMBERS = '0123456789';
/** spec §9: the special characters, and the ones used when look-alikes are excluded. */
export const SYMBOLS = '!@#$%^&*';
export const PLAIN_SYMBOLS = '-_';
/** Characters read for one another on a label or over the phone: 0/O/o, 1/l/I/i/L. */
export const LOOK_ALIKES = '0Oo1lIiL';

export interface PasswordOptions {
  length?: number;
  uppercase?: boolean;
  lowercase?: boolean;
  numbers?: boolean;
  symbols?: boolean;
  /** Leave out LOOK_ALIKES; the special characters become PLAIN_SYMBOLS (spec §9). */
  excludeSimilar?: boolean;
}

/** What the console's generator and the server's import use unless told otherwise. */
export const DEFAULT_PASSWORD_OPTIONS: Required<PasswordOptions> = {
  length: PASSWORD_DEFAULT_LENGTH,
  uppercase: true,
  lowercase: true,
  numbers: true,
  symbols: true,
  excludeSimilar: true,
};

/** The part of Web Crypto the generator needs (tests may pass their own). */
export interface RandomSource {
  getRandomValues<T extends Uint32Array>(array: T): T;
}

export class PasswordOptionsError extends Error {
  override readonly name = 'PasswordOptionsError';
}

/** The alphabet of each enabled class, look-alikes removed when asked. */
export function passwordAlphabets(options: PasswordOptions = {}): string[] {
  const o = { ...DEFAULT_PASSWORD_OPTIONS, ...options };
  const strip = (chars: string) =>
    o.excludeSimilar ? [...chars].filter((c) => !LOOK_ALIKES.includes(c)).join('') : chars;
  const classes: string[] = [];
  if (o.uppercase) classes.push(strip(UPPERCASE));
  if (o.lowercase) classes.push(strip(LOWERCASE));
  if (o.numbers) classes.push(strip(NUMBERS));
  if (o.symbols) classes.push(o.excludeSimilar ? PLAIN_SYMBOLS : SYMBOLS);
  return classes;
}

/** Why these options cannot make a password (the spec's message first), or null. */
export function passwordOptionsProblem(options: PasswordOptions = {}): string | null {
  const o = { ...DEFAULT_PASSWORD_OPTIONS, ...options };
  const classes = passwordAlphabets(o).length;
  if (classes === 0) return NO_CHARACTER_TYPE;
  if (!Number.isInteger(o.length) || o.length < classes || o.length > PASSWORD_MAX_LENGTH) {
    return `Password length must be a whole number from ${classes} (one character of each enabled type) to ${PASSWORD_MAX_LENGTH}`;
  }
  return null;
}

function defaultRandom(): RandomSource {
  const source = (globalThis as { crypto?: RandomSource }).crypto;
  if (!source || typeof source.getRandomValues !== 'function') {
    throw new Error('No cryptographic random source (globalThis.crypto.getRandomValues) on this platform');
  }
  return source;
}

/** Uniform whole numbers below a bound, from 32-bit draws; draws at or above the largest multiple
 * of the bound are thrown away, so every result is equally likely (no modulo bias). */
function uniformDraws(random: RandomSource) {
  const buffer = new Uint32Array(64);
  let next = buffer.length;
  return (bound: number): number => {
    const limit = 2 ** 32 - (2 ** 32 % bound);
    for (;;) {
      if (next === buffer.length) {
        random.getRandomValues(buffer);
        next = 0;
      }
      const x = buffer[next++]!;
      if (x < limit) return x % bound;
    }
  };
}

/**
 * A password with at least one character of each enabled class (spec §5), the rest from all of them,
 * in random order. Throws PasswordOptionsError with passwordOptionsProblem's message.
 */
export function generatePassword(
  options: PasswordOptions = {},
  random: RandomSource = defaultRandom(),
): string {
  const problem = passwordOptionsProblem(options);
  if (problem) throw new PasswordOptionsError(problem);
  const o = { ...DEFAULT_PASSWORD_OPTIONS, ...options };
  const classes = passwordAlphabets(o);
  const all = classes.join('');
  const draw = uniformDraws(random);
  const chars = classes.map((alphabet) => alphabet[draw(alphabet.length)]!);
  while (chars.length < o.length) chars.push(all[draw(all.length)]!);
  // Fisher-Yates, so the guaranteed characters are not always at the front.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = draw(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  // Never a first character a spreadsheet reads as a formula (the '-' and '@' of the specials): the
  // results CSV neutralises such a cell with a leading ' (OWASP CSV injection), which would hand the
  // customer a password that is not theirs. Swapped with a later character, so every class stays.
  if (FORMULA_START.includes(chars[0]!)) {
    const k = chars.findIndex((c) => !FORMULA_START.includes(c));
    if (k > 0) [chars[0], chars[k]] = [chars[k]!, chars[0]!];
  }
  return chars.join('');
}

/** Characters that make a spreadsheet cell a formula when they come first. */
export const FORMULA_START = '=+-@';

export const WPA_PASSPHRASE_MIN = 8;
export const WPA_PASSPHRASE_MAX = 63;

/**
 * Why a router would refuse this Wi-Fi password, or null. A WPA/WPA2 passphrase is 8 to 63
 * printable ASCII characters, codes 32 to 126 (IEEE 802.11 Annex J.4.1; TR-181 KeyPassphrase and
 * TR-098 PreSharedKey.{i}.KeyPassphrase are string(8:63)).
 */
export function wifiPasswordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < WPA_PASSPHRASE_MIN || length > WPA_PASSPHRASE_MAX) {
    return `Password must be ${WPA_PASSPHRASE_MIN} to ${WPA_PASSPHRASE_MAX} characters for WPA2 (this one has ${length})`;
  }
  const bad = [...password].find((c) => c < ' ' || c > '~');
  if (bad !== undefined) {
    const shown =
      bad < ' ' || bad === '\u007f'
        ? `U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
        : `"${bad}"`;
    return `Password may contain only printable ASCII characters (letters without accents, digits, space and punctuation); ${shown} is not one`;
  }
  return null;
}
