import { describe, expect, it } from 'vitest';
import {
  FORMULA_START,
  LOOK_ALIKES,
  NO_CHARACTER_TYPE,
  PLAIN_SYMBOLS,
  PasswordOptionsError,
  SYMBOLS,
  generatePassword,
  passwordAlphabets,
  passwordOptionsProblem,
  wifiPasswordProblem,
  type RandomSource,
} from './password';

const DRAWS = 2000;

/** A source that replays the given 32-bit values, then zeros. */
function scripted(values: number[]) {
  let given = 0;
  const source: RandomSource = {
    getRandomValues(array) {
      for (let i = 0; i < array.length; i++) {
        array[i] = values[given] ?? 0;
        given++;
      }
      return array;
    },
  };
  return { source };
}

describe('generatePassword', () => {
  it('makes 12 characters by default (spec §9), each from an enabled class', () => {
    const alphabet = passwordAlphabets().join('');
    for (let k = 0; k < DRAWS; k++) {
      const p = generatePassword();
      expect(p).toHaveLength(12);
      for (const c of p) expect(alphabet).toContain(c);
    }
  });

  it('holds at least one character of every enabled class in every draw', () => {
    for (const excludeSimilar of [true, false]) {
      const classes = passwordAlphabets({ excludeSimilar });
      expect(classes).toHaveLength(4);
      for (let k = 0; k < DRAWS; k++) {
        // The shortest length that can: one of each.
        const p = generatePassword({ length: 4, excludeSimilar });
        for (const alphabet of classes) expect([...p].some((c) => alphabet.includes(c))).toBe(true);
      }
    }
  });

  it('never uses a look-alike character when they are excluded, and uses only - and _ as specials', () => {
    const seen = new Set<string>();
    for (let k = 0; k < DRAWS; k++) for (const c of generatePassword({ length: 32 })) seen.add(c);
    for (const c of LOOK_ALIKES) expect(seen.has(c)).toBe(false);
    for (const c of SYMBOLS) expect(seen.has(c)).toBe(false);
    for (const c of PLAIN_SYMBOLS) expect(seen.has(c)).toBe(true);
  });

  it('never starts with a character a spreadsheet reads as a formula (the results CSV would alter it)', () => {
    for (const excludeSimilar of [true, false]) {
      const firsts = new Set<string>();
      for (let k = 0; k < DRAWS; k++) firsts.add(generatePassword({ excludeSimilar })[0]!);
      for (const c of FORMULA_START) expect(firsts.has(c), `${c} first`).toBe(false);
      expect(firsts.size).toBeGreaterThan(20);
    }
    // Only specials enabled: a non-formula special goes first when there is one.
    for (let k = 0; k < DRAWS; k++) {
      const p = generatePassword({ length: 8, uppercase: false, lowercase: false, numbers: false });
      if (p.includes('_')) expect(p[0]).toBe('_');
    }
  });

  it("uses the special characters '!@#$%^&*' and the look-alikes when they are not excluded", () => {
    const seen = new Set<string>();
    for (let k = 0; k < DRAWS; k++)
      for (const c of generatePassword({ length: 32, excludeSimilar: false })) seen.add(c);
    for (const c of SYMBOLS) expect(seen.has(c)).toBe(true);
    for (const c of LOOK_ALIKES) expect(seen.has(c)).toBe(true);
    expect(seen.has('-')).toBe(false);
    // Every character of the union shows up over many draws: nothing is left out by the drawing.
    expect(seen.size).toBe(passwordAlphabets({ excludeSimilar: false }).join('').length);
  });

  it('keeps to the enabled classes only', () => {
    for (let k = 0; k < 200; k++) {
      expect(generatePassword({ uppercase: false, symbols: false, numbers: false })).toMatch(/^[a-z]{12}$/);
      expect(
        generatePassword({ uppercase: false, lowercase: false, symbols: false, excludeSimilar: false }),
      ).toMatch(/^[0-9]{12}$/);
    }
  });

  it('refuses options with no character type, with the spec §5 message', () => {
    const none = { uppercase: false, lowercase: false, numbers: false, symbols: false };
    expect(passwordOptionsProblem(none)).toBe(NO_CHARACTER_TYPE);
    expect(NO_CHARACTER_TYPE).toBe('At least one character type must be enabled');
    expect(() => generatePassword(none)).toThrow(PasswordOptionsError);
    expect(() => generatePassword(none)).toThrow('At least one character type must be enabled');
  });

  it('refuses a length too short for one character of each class, or not a whole number', () => {
    expect(passwordOptionsProblem({ length: 3 })).toMatch(/from 4/);
    expect(passwordOptionsProblem({ length: 12.5 })).toMatch(/whole number/);
    expect(passwordOptionsProblem({ length: 129 })).toMatch(/to 128/);
    expect(passwordOptionsProblem({ length: 4 })).toBeNull();
  });

  it('throws away draws past the last whole multiple of the alphabet size (no modulo bias)', () => {
    // Lower case without look-alikes has 23 letters; 2^32 mod 23 = 12, so the 12 highest 32-bit
    // values would favour the first 12 letters: they are refused and drawn again.
    const onlyLower = { uppercase: false, numbers: false, symbols: false, length: 1 };
    const letters = passwordAlphabets(onlyLower)[0]!;
    expect(letters).toHaveLength(23);
    const band = 2 ** 32 - (2 ** 32 % 23);
    expect(generatePassword(onlyLower, scripted([2 ** 32 - 1, band, 5]).source)).toBe(letters[5]);
    // The highest value below the band is taken, as itself mod 23.
    expect(generatePassword(onlyLower, scripted([band - 1]).source)).toBe(letters[(band - 1) % 23]);
    expect((band - 1) % 23).toBe(22);
  });

  it('spreads characters evenly over many draws', () => {
    const alphabet = passwordAlphabets({ uppercase: false, lowercase: false, symbols: false })[0]!;
    const counts = new Map<string, number>();
    const total = 20_000;
    for (let k = 0; k < total / 10; k++) {
      for (const c of generatePassword({ uppercase: false, lowercase: false, symbols: false, length: 10 })) {
        counts.set(c, (counts.get(c) ?? 0) + 1);
      }
    }
    const expected = total / alphabet.length;
    for (const c of alphabet) expect(Math.abs((counts.get(c) ?? 0) - expected) / expected).toBeLessThan(0.1);
  });
});

describe('wifiPasswordProblem', () => {
  it('takes 8 to 63 printable ASCII characters (WPA2 passphrase)', () => {
    expect(wifiPasswordProblem('12345678')).toBeNull();
    expect(wifiPasswordProblem('a'.repeat(63))).toBeNull();
    expect(wifiPasswordProblem('with space ~!')).toBeNull();
  });

  it('refuses shorter, longer and non-ASCII passwords, saying why', () => {
    expect(wifiPasswordProblem('1234567')).toBe(
      'Password must be 8 to 63 characters for WPA2 (this one has 7)',
    );
    expect(wifiPasswordProblem('a'.repeat(64))).toMatch(/this one has 64/);
    expect(wifiPasswordProblem('lozinkačć')).toMatch(/"č" is not one/);
    expect(wifiPasswordProblem('tab\there1')).toMatch(/U\+0009 is not one/);
  });
});
