// The values the console sends for a customer's profile with spec §9's manual profile defaults (channel
// 0, 40MHz, WPA2-PSK, inform interval 300, a Croatian NTP pool, Europe/Zagreb, MTU 1500, admin password
// "Admin" + surname + "2024!"), for tests and benchmarks that push a real profile: the payload of
// @provisor/common, the one the Manual Creation tab and the CSV import use.
import { customerProfile } from '@provisor/common';

export function specProfileValues(surname: string, wifiPassword = 'Xk7#mPq2vL9!') {
  const profile = customerProfile({ surname, password: wifiPassword });
  if (!profile) throw new Error(`"${surname}" gives no customer profile (see @provisor/common's ssid.ts)`);
  // As a plain record too: the API takes a profile's values as any JSON object.
  return Object.assign({} as Record<string, unknown>, profile.values);
}
