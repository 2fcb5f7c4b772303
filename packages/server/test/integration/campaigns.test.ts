// Firmware campaigns on SQLite (the suite is in campaigns-suite.ts).
import { describe } from 'vitest';
import { campaignsSuite } from './campaigns-suite';
import { startAcs } from './rig';

describe('device groups and firmware campaigns (SQLite)', () => {
  campaignsSuite(() => startAcs({ campaignTickMs: 200 }));
});
