// The data-model module's public surface: other modules import only this file (issue 15, point 3).
export {
  createDataModelsService,
  SKIPPED_WARNING,
  type CheckResult,
  type DataModelsOptions,
  type DataModelsService,
  type MappingKind,
  type PathToCheck,
} from './service';
