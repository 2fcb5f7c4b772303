// The Dashboard's history and live channel on SQLite (the scenario: dashboard-scenario.ts).
import { dashboardSuite } from './dashboard-scenario';

dashboardSuite('dashboard history and live channel on SQLite (issue 18)', async () => ({}));
