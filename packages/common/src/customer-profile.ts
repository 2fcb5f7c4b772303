// The profile of one customer (spec §7 "Manual creation payload", §9 "Manual profile defaults"):
// what the Manual Creation tab sends to bulk-create and what the server's CSV import creates, so a
// customer's router gets the same values whichever way the operator entered them.
import { CUSTOMER_PROFILE_PREFIX, customerSsid, normalizeSurname, ssidSurname } from './ssid';

/** spec §9: every customer profile's fixed values. */
export const CUSTOMER_PROFILE_DEFAULTS = {
  wifi_enabled: true,
  wifi_channel: 0,
  wifi_bandwidth: '40MHz',
  wifi_security_mode: 'WPA2-PSK',
  periodic_inform_interval: 300,
  periodic_inform_enable: true,
  ntp_server: 'hr.pool.ntp.org',
  timezone: 'Europe/Zagreb',
  wan_mtu: 1500,
  remote_access_enabled: false,
} as const;

export interface CustomerProfileValues {
  wifi_ssid: string;
  wifi_password: string;
  wifi_enabled: boolean;
  wifi_channel: number;
  wifi_bandwidth: string;
  wifi_security_mode: string;
  periodic_inform_interval: number;
  periodic_inform_enable: boolean;
  ntp_server: string;
  timezone: string;
  admin_password: string;
  wan_mtu: number;
  remote_access_enabled: boolean;
  /** Only when the customer's router is known (spec §3 Profile value keys; Auto-Match reads it). */
  device_serial_number?: string;
}

export interface CustomerProfile {
  name: string;
  values: CustomerProfileValues;
}

export interface CustomerInput {
  surname: string;
  password: string;
  serialNumber?: string;
}

/** `Korisnik-{surname}`, the surname as written (spaces collapsed). */
export function customerProfileName(surname: string): string {
  return `${CUSTOMER_PROFILE_PREFIX}${normalizeSurname(surname)}`;
}

/**
 * The profile for one customer, or null when the surname gives no SSID (surnameProblem says why).
 * The admin password is 'Admin' + surname + '2024!' (spec §9) with the surname in its SSID spelling
 * (Kovačević -> AdminKovacevic2024!): router web interfaces take ASCII passwords.
 */
export function customerProfile(input: CustomerInput): CustomerProfile | null {
  const ssid = customerSsid(input.surname);
  if (ssid === null) return null;
  const serial = input.serialNumber?.trim() ?? '';
  const d = CUSTOMER_PROFILE_DEFAULTS;
  return {
    name: customerProfileName(input.surname),
    values: {
      wifi_ssid: ssid,
      wifi_password: input.password,
      wifi_enabled: d.wifi_enabled,
      wifi_channel: d.wifi_channel,
      wifi_bandwidth: d.wifi_bandwidth,
      wifi_security_mode: d.wifi_security_mode,
      periodic_inform_interval: d.periodic_inform_interval,
      periodic_inform_enable: d.periodic_inform_enable,
      ntp_server: d.ntp_server,
      timezone: d.timezone,
      admin_password: `Admin${ssidSurname(input.surname)}2024!`,
      wan_mtu: d.wan_mtu,
      remote_access_enabled: d.remote_access_enabled,
      ...(serial === '' ? {} : { device_serial_number: serial }),
    },
  };
}
