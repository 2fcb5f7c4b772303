// spec §9 "Auto-match" on the Bulk Operations assignment tab: a device matches a profile when the
// profile's name contains the last 4 characters of the device's serial. (The Customer Routers rule,
// surname or serial, is a different one and lives with that screen.)

export interface MatchDevice {
  id: string;
  serialNumber: string;
}

export interface MatchProfile {
  id: string;
  name: string;
}

/** The last 4 characters of a serial (all of it when shorter); '' for no serial, which matches nothing. */
export function serialTail(serialNumber: string): string {
  return [...serialNumber.trim()].slice(-4).join('');
}

/**
 * For each device the first profile (in list order) whose name contains the serial's tail, compared
 * as written (serials and profile names are both case-significant identifiers). Devices without a
 * match are left out.
 */
export function autoMatch(
  devices: readonly MatchDevice[],
  profiles: readonly MatchProfile[],
): Map<string, string> {
  const matches = new Map<string, string>();
  for (const device of devices) {
    const tail = serialTail(device.serialNumber);
    if (tail === '') continue;
    const profile = profiles.find((p) => p.name.includes(tail));
    if (profile) matches.set(device.id, profile.id);
  }
  return matches;
}
