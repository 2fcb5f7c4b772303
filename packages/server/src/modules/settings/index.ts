// The settings module's public surface: other modules import only this file (issue 15, point 3).
export { defaultSettings, type ServerSettings, type SettingsSection } from './defaults';
export { settingsRoutes } from './routes';
export { createSettingsService, type SettingsPatch, type SettingsService } from './service';
export { createBackups, type Backups } from './backups';
