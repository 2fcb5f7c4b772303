import { describe, expect, it } from 'vitest';
import {
  emptyCampaignForm,
  parseWaves,
  validateCampaignForm,
  type CampaignFormValues,
} from './campaign-form';

const filled = (over: Partial<CampaignFormValues> = {}): CampaignFormValues => ({
  ...emptyCampaignForm('Europe/Zagreb'),
  name: ' Spring upgrade ',
  groupId: 'grp-1',
  fileId: 'file-1',
  targetVersion: '5.0.0',
  canarySize: '3',
  waves: '50, 100',
  soakMinutes: '0',
  ...over,
});

describe('parseWaves', () => {
  it('reads comma-separated cumulative percentages', () => {
    expect(parseWaves('10, 50, 100')).toEqual({ waves: [10, 50, 100] });
    expect(parseWaves(' 100 ')).toEqual({ waves: [100] });
    expect(parseWaves('25,50,100,')).toEqual({ waves: [25, 50, 100] });
  });

  it.each([
    ['', /Waves are required/],
    ['10, 50', /Waves must end at 100/],
    ['10, 5, 100', /Waves must increase.*5 comes after 10/],
    ['10, 10, 100', /Waves must increase/],
    ['10, ten, 100', /"ten" is not a whole percentage from 1 to 100/],
    ['0, 100', /"0" is not a whole percentage/],
    ['50, 150', /"150" is not a whole percentage/],
    ['12.5, 100', /"12.5" is not a whole percentage/],
  ])('refuses %j, saying what to fix', (text, message) => {
    const parsed = parseWaves(text);
    expect('error' in parsed && parsed.error).toMatch(message);
  });

  it('refuses more than 20 waves', () => {
    const text = Array.from({ length: 21 }, (_, i) => (i === 20 ? 100 : i + 1)).join(',');
    expect(parseWaves(text)).toEqual({ error: 'Waves: at most 20 waves.' });
  });
});

describe('validateCampaignForm', () => {
  it('builds the contract body, with the defaults of 5% and 30 minutes and no window', () => {
    expect(validateCampaignForm(filled(), 30)).toEqual({
      input: {
        name: 'Spring upgrade',
        groupId: 'grp-1',
        fileId: 'file-1',
        targetVersion: '5.0.0',
        canarySize: 3,
        waves: [50, 100],
        soakMinutes: 0,
        maxConcurrent: 50,
        failureThreshold: 5,
        deadlineMinutes: 30,
        window: null,
      },
    });
  });

  it('names every field that is wrong', () => {
    const result = validateCampaignForm(
      filled({
        name: '',
        groupId: '',
        fileId: '',
        targetVersion: ' ',
        canarySize: 'x',
        waves: '50',
        soakMinutes: '-1',
        maxConcurrent: '0',
        failureThreshold: '101',
        deadlineMinutes: '0',
      }),
    );
    expect('errors' in result && result.errors).toEqual({
      name: 'Name is required.',
      groupId: 'Device group is required: choose the routers to upgrade.',
      fileId: 'Firmware file is required: choose a firmware file from the store.',
      targetVersion: 'Target version is required: the software version upgraded routers report.',
      canarySize: 'Canary size must be a whole number from 1 to 100000.',
      waves: 'Waves must end at 100, so that the whole group is upgraded (e.g. 10, 50, 100).',
      soakMinutes: 'Soak time must be a whole number of minutes from 0 to 10080.',
      maxConcurrent: 'Max concurrent downloads must be a whole number from 1 to 10000.',
      failureThreshold: 'Failure threshold must be a percentage from 0 to 100.',
      deadlineMinutes: 'Deadline must be a whole number of minutes from 1 to 1440.',
    });
  });

  it('keeps the canary within the group', () => {
    const result = validateCampaignForm(filled({ canarySize: '31' }), 30);
    expect('errors' in result && result.errors.canarySize).toBe(
      "Canary size must not exceed the group's size (30 routers).",
    );
    expect('input' in validateCampaignForm(filled({ canarySize: '30' }), 30)).toBe(true);
    // Size unknown (the preview is loading): the server checks it.
    expect('input' in validateCampaignForm(filled({ canarySize: '31' }))).toBe(true);
  });

  it('checks the maintenance window only when it is on', () => {
    const on = { windowEnabled: true, windowStart: '23:00', windowEnd: '04:00', timeZone: 'Europe/Zagreb' };
    expect(validateCampaignForm(filled(on), 30)).toMatchObject({
      input: { window: { start: '23:00', end: '04:00', timeZone: 'Europe/Zagreb' } },
    });
    const bad = validateCampaignForm(
      filled({ ...on, windowStart: '', windowEnd: '04:00', timeZone: 'Mars/Olympus' }),
      30,
    );
    expect('errors' in bad && bad.errors).toEqual({
      windowStart: 'Window start must be a time of day as HH:MM (e.g. 01:00).',
      timeZone: 'Time zone must be an IANA name, e.g. Europe/Zagreb or UTC.',
    });
    const same = validateCampaignForm(filled({ ...on, windowEnd: '23:00' }), 30);
    expect('errors' in same && same.errors.windowEnd).toMatch(/must differ from its start/);
    expect('input' in validateCampaignForm(filled({ timeZone: 'Mars/Olympus' }), 30)).toBe(true);
  });
});
