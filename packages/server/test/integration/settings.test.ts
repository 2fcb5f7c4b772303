// Settings that take effect, on SQLite (the scenario: settings-scenario.ts).
import { settingsSuite } from './settings-scenario';

settingsSuite('settings that take effect on SQLite (issue 18)', async () => ({}));
