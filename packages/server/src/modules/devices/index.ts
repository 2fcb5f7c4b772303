// The devices module's public surface: other modules import only this file (issue 15, point 3).
export { createInformStore, type InformStore } from './inform-store';
export { dataModelRoot, storedValue, type ParameterMap, type StoredParameter } from './parameters';
export {
  createDevicesRepository,
  type DeviceMatch,
  type DevicesRepository,
  type JobFactsRow,
} from './repository';
export { devicesRoutes } from './routes';
export {
  createDevicesService,
  toApiDevice,
  type DevicesService,
  type DevicesServiceOptions,
  type JobDevice,
  type JobFacts,
} from './service';
