export { buildApp, type Services } from './app';
export { loadConfig, parseDatabaseUrl, type Config } from './config';
