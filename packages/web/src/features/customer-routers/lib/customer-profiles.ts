// Which profiles are customer routers' and what the screen reads from them (spec §2 Customer Routers:
// "dropdown of GT_ profiles"; Manage Profiles' customer, SSID, password, created date).
import { SSID_PREFIX, surnameFromProfileName } from '@provisor/common';
import type { Profile } from '@provisor/server/contract';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface CustomerProfileView {
  id: string;
  name: string;
  /** The customer: the surname of `Korisnik-{surname}`, else the profile's name. */
  customer: string;
  ssid: string;
  password: string;
  /** The router's serial number the profile was made for, '' when none. */
  serialNumber: string;
  createdAt: string;
}

/** A customer profile is one whose Wi-Fi name carries the GT_ prefix (spec §9 "SSID prefix GT_"). */
export function isCustomerProfile(profile: Pick<Profile, 'values'>): boolean {
  return text(profile.values['wifi_ssid']).startsWith(SSID_PREFIX);
}

export function customerView(profile: Profile): CustomerProfileView {
  const v = profile.values;
  return {
    id: profile.id,
    name: profile.name,
    customer: surnameFromProfileName(profile.name) ?? profile.name,
    ssid: text(v['wifi_ssid']),
    password: text(v['wifi_password']),
    // spec §3: the serial is kept as device_serial_number (or serialNumber).
    serialNumber: text(v['device_serial_number']) || text(v['serialNumber']),
    createdAt: profile.createdAt,
  };
}

export function customerViews(profiles: readonly Profile[]): CustomerProfileView[] {
  return profiles.filter(isCustomerProfile).map(customerView);
}

/** The created date as a day (the list shows when, not to the second). */
export function createdDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
}
