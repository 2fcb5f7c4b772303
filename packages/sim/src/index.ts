// @provisor/sim: a fleet of virtual CPEs speaking real CWMP over HTTP. See ../README.md.
export { Fleet, startFleet, DEFAULT_TIMING } from './fleet/fleet';
export type { FleetOptions, FleetStats } from './fleet/fleet';
export type { FleetFaults } from './fleet/fault-plan';
export { SimDevice } from './device/sim-device';
export type { DeviceFaults, DeviceTiming } from './device/sim-device';
export type { RebootBehaviour } from './device/reboot-behaviour';
export type { SessionLogEntry } from './device/session-log';
export { CONFIG_FORMAT } from './device/transfers';
export type { ConfigFile } from './device/transfers';
export { resolveModel, BUILTIN_MODEL } from './model/resolve-model';
export { loadCsvModel, parseCsvModel, ModelError } from './model/csv-model';
export type { DeviceModel } from './model/csv-model';
export { builtinTr181Model } from './model/builtin-tr181';
export { expandSerial, deviceMac } from './model/personalize';
