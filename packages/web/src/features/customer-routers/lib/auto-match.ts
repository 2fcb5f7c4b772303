// spec §9 Auto-match: "a device matches a profile when its serial contains the profile's surname or
// equals the profile's serial".
import { ssidSurname } from '@provisor/common';
import type { CustomerProfileView } from './customer-profiles';

export interface MatchDevice {
  id: string;
  serialNumber: string;
}

/**
 * device id -> profile id for every device that matches a profile. Serials are compared without case
 * (routers report them in capitals, operators type surnames capitalised), a surname also in its SSID
 * spelling (Kovačević matches a serial containing KOVACEVIC). An exact serial wins over a surname; a
 * profile goes to one device only (the first in the list), so two routers never get one customer.
 */
export function autoMatch(
  devices: readonly MatchDevice[],
  profiles: readonly CustomerProfileView[],
): Map<string, string> {
  const matches = new Map<string, string>();
  const taken = new Set<string>();
  const free = (test: (device: MatchDevice, profile: CustomerProfileView) => boolean) => {
    for (const device of devices) {
      if (matches.has(device.id)) continue;
      const profile = profiles.find((p) => !taken.has(p.id) && test(device, p));
      if (profile) {
        matches.set(device.id, profile.id);
        taken.add(profile.id);
      }
    }
  };
  const upper = (s: string) => s.trim().toUpperCase();
  free((d, p) => p.serialNumber !== '' && upper(d.serialNumber) === upper(p.serialNumber));
  free((d, p) => {
    const serial = upper(d.serialNumber);
    const names = [p.customer, ssidSurname(p.customer)].map(upper).filter((n) => n !== '');
    return names.some((name) => serial.includes(name));
  });
  return matches;
}
