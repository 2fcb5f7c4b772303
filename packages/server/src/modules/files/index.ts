// The files module's public surface: other modules import only this file (issue 15, point 3).
export { readMultipart } from './read-multipart';
export { filesRoutes } from './routes';
export { createFileStore, notFirmware, type FileStore } from './store';
