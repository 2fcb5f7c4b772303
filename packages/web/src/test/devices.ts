// A device as the server answers it, for any screen's tests: the fields a test names, the rest as a
// Huawei router that informed 5 minutes ago has them.
import type { Device } from '@provisor/server/contract';

export function makeDevice(index: number, overrides: Partial<Device> = {}): Device {
  const serial = `SN${String(index).padStart(5, '0')}`;
  return {
    id: `dev-${index}`,
    serialNumber: serial,
    oui: '00259E',
    productClass: 'EG8145V5',
    manufacturer: 'Huawei',
    vendor: 'Huawei',
    model: 'EG8145V5',
    softwareVersion: 'V5R020C10S115',
    hardwareVersion: '15AD.A',
    status: 'online',
    lastInformAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    lastEvents: ['2 PERIODIC'],
    externalIp: '',
    connectionRequestUrl: `http://192.0.2.${index % 250}:7547/`,
    connectionRequestUsername: '',
    connectionRequestPasswordSet: false,
    cwmpUsername: '',
    cwmpPasswordSet: false,
    periodicInformInterval: 300,
    assignedProfileId: null,
    createdAt: '2025-03-04T10:00:00.000Z',
    updatedAt: '2025-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** The fields of a router registered but never informed (no time, no events, no versions learnt). */
export const NEVER_INFORMED: Partial<Device> = {
  softwareVersion: 'V5',
  hardwareVersion: 'A',
  lastInformAt: null,
  lastEvents: [],
  connectionRequestUrl: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
