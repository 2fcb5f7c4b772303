// Profiles reaching routers by themselves, on SQLite (the scenario: auto-provision-scenario.ts).
import { autoProvisionSuite } from './auto-provision-scenario';

autoProvisionSuite('provisioning by itself on SQLite (issue 16 point 5)', async () => ({}));
