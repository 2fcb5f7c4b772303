// The files module's public surface: other modules import only this file (issue 15, point 3).
export { cpeFilesDoor, type CpeFilesOptions } from './cpe-door';
export { filesRoutes } from './routes';
export { createFileStore, type FileStore } from './store';
