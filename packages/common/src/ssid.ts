// The customer's Wi-Fi name: `GT_` + surname (spec §9 "SSID prefix GT_"). An SSID is at most 32
// octets (IEEE 802.11 SSID element; TR-181 Device.WiFi.SSID.{i}.SSID and TR-098
// WLANConfiguration.{i}.SSID are string(32)), and routers differ in what else they take: many web
// interfaces and some firmwares refuse spaces, accents or punctuation. So the surname is turned into
// letters A-Z/a-z, digits, "-" and "_" only, which every router takes and every phone shows alike:
//   1. letters with accents lose them (Kovačević -> Kovacevic, Šimić -> Simic, Đurić -> Duric,
//      Müller -> Muller); a few letters without a decomposition are spelled out (ß -> ss, Æ -> AE);
//   2. each run of spaces becomes one "_" (Van der Berg -> Van_der_Berg); "-" stays;
//   3. anything else is dropped (O'Brien -> OBrien, St. John -> St_John);
//   4. the result is cut to 29 characters, so that GT_ + it fits 32 octets.
// A surname with nothing left (only symbols, or only a script without Latin letters) has no SSID and
// its row is refused with a message saying so; the case is kept as written.

export const SSID_PREFIX = 'GT_';
/** IEEE 802.11: an SSID is 0 to 32 octets. */
export const SSID_MAX_BYTES = 32;
/** spec §7 "Manual creation payload": the Croatian word for customer, a dash, the surname. */
export const CUSTOMER_PROFILE_PREFIX = 'Korisnik-';
/** A surname longer than this is refused (the profile name holds 200 characters). */
export const SURNAME_MAX_LENGTH = 100;

const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
};

/** The surname as the customer's name: trimmed, inner runs of white space made one space, NFC. */
export function normalizeSurname(raw: string): string {
  return raw.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** The surname's part of the SSID (rules above); '' when nothing of it can go into an SSID. */
export function ssidSurname(surname: string): string {
  const latin = [...normalizeSurname(surname)]
    .map((c) => SPELLED_OUT[c] ?? c)
    .join('')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
  const safe = latin
    .replace(/\s+/gu, '_')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .replace(/_+/g, '_')
    .replace(/^[-_]+|[-_]+$/g, '');
  return safe.slice(0, SSID_MAX_BYTES - SSID_PREFIX.length).replace(/[-_]+$/g, '');
}

/** `GT_` + the surname's SSID part, or null when the surname has nothing an SSID can carry. */
export function customerSsid(surname: string): string | null {
  const part = ssidSurname(surname);
  return part === '' ? null : `${SSID_PREFIX}${part}`;
}

/** Why this surname cannot name a customer, or null. */
export function surnameProblem(surname: string): string | null {
  const s = normalizeSurname(surname);
  if (s === '') return 'Surname is required';
  if ([...s].length > SURNAME_MAX_LENGTH) return `Surname must be at most ${SURNAME_MAX_LENGTH} characters`;
  if (customerSsid(s) === null) {
    return `Surname "${s}" has no letter or digit a router takes in an SSID (A-Z, a-z, 0-9, "-", "_")`;
  }
  return null;
}

/** The surname a customer profile was named for (`Korisnik-Horvat` -> `Horvat`), or null. */
export function surnameFromProfileName(name: string): string | null {
  return name.startsWith(CUSTOMER_PROFILE_PREFIX) && name.length > CUSTOMER_PROFILE_PREFIX.length
    ? name.slice(CUSTOMER_PROFILE_PREFIX.length)
    : null;
}
