// Secrets on screen (issue 19 point 5): which parameter and field names hold a secret, and how a
// secret's value is shown in lists (spec §2 Customer Routers: "masked to its first 4 characters plus ****").

/** What a masked value ends with. */
export const MASK = '****';

/**
 * Names, once lower-cased and stripped of separators, that hold a secret wherever they appear:
 * passwords and passphrases (TR-181 KeyPassphrase, wifi_password, admin_password, the link's
 * ConnectionRequestPassword), shared keys (PreSharedKey, WEPKey, a WPA "psk") and anything called secret.
 */
const SECRET_WORDS = ['password', 'passwd', 'passphrase', 'presharedkey', 'secret'];

/**
 * A name that ends with "key" is a key (WEPKey, WPAKey, PrivateKey, api_key) unless it is one of these,
 * which name something public: CWMP's CommandKey (TR-069 Amendment 6, A.3.2.9 Reboot, A.3.2.8 Download) and ParameterKey
 * (A.3.2.1), and a public key. The properties of a key (WEPKeyIndex, KeyLength) do not end with "key".
 */
const PUBLIC_KEYS = ['commandkey', 'parameterkey', 'publickey'];

/** The credentials of the CWMP link that the server never sends (server: devices/parameters.ts). */
const LINK_SECRETS = /(^|\.)ManagementServer\.(Password|ConnectionRequestPassword|STUNPassword)$/;

/**
 * Whether a parameter (a CWMP path: only its last segment counts, so
 * `...PreSharedKey.1.AssociatedDeviceMACAddress` is not a secret but `...PreSharedKey.1.KeyPassphrase`
 * is) or a profile field (`wifi_password`) holds a secret. An object (a path ending with ".") has no
 * value to hide.
 */
export function isSecretName(name: string): boolean {
  if (name.endsWith('.')) return false;
  const last = name.split('.').pop() ?? '';
  const word = last.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (SECRET_WORDS.some((secret) => word.includes(secret))) return true;
  if (word.endsWith('psk')) return true;
  return word.endsWith('key') && !PUBLIC_KEYS.some((key) => word.endsWith(key));
}

/** Whether the server blanks this parameter's value everywhere: showing "****" for it would suggest a value. */
export function isLinkSecret(name: string): boolean {
  return LINK_SECRETS.test(name);
}

/**
 * A secret as lists show it: its first 4 characters plus "****". A value of 4 characters or fewer
 * would be shown whole that way, so it is only "****"; an empty value stays empty (nothing to hide).
 */
export function maskSecret(value: string): string {
  if (value === '') return '';
  return value.length <= 4 ? MASK : `${value.slice(0, 4)}${MASK}`;
}

/** The value to show for `name` in a list: masked when the name holds a secret. */
export function displayValue(name: string, value: string): string {
  return isSecretName(name) ? maskSecret(value) : value;
}

/** What the server sends for a link credential instead of its value. */
export const NOT_SHOWN = '(not shown)';

/**
 * A written parameter as a list line shows it: `name=value`, the value masked when secret, and a link
 * credential that the server blanked said to be not shown (never "****", which would suggest a value).
 */
export function parameterLine(name: string, value: string): string {
  if (value === '' && isLinkSecret(name)) return `${name}=${NOT_SHOWN}`;
  return `${name}=${displayValue(name, value)}`;
}
