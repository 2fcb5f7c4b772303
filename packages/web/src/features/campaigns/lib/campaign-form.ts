// The creation form's values (as typed) and the checks that mirror the contract (contract/campaigns.ts
// campaignBody): each message names its field and says what to fix; nothing typed is ever cleared.
import type { CampaignInput } from '@provisor/server/contract';

export interface CampaignFormValues {
  name: string;
  groupId: string;
  fileId: string;
  targetVersion: string;
  canarySize: string;
  waves: string;
  soakMinutes: string;
  maxConcurrent: string;
  failureThreshold: string;
  deadlineMinutes: string;
  windowEnabled: boolean;
  windowStart: string;
  windowEnd: string;
  timeZone: string;
}

export type CampaignFormErrors = Partial<Record<keyof CampaignFormValues, string>>;

export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

export const emptyCampaignForm = (timeZone = browserTimeZone()): CampaignFormValues => ({
  name: '',
  groupId: '',
  fileId: '',
  targetVersion: '',
  canarySize: '10',
  waves: '10, 50, 100',
  soakMinutes: '60',
  maxConcurrent: '50',
  failureThreshold: '5',
  deadlineMinutes: '30',
  windowEnabled: false,
  windowStart: '01:00',
  windowEnd: '05:00',
  timeZone,
});

const WAVES_EXAMPLE = 'e.g. 10, 50, 100';

/** "10, 50, 100" -> [10, 50, 100], or what is wrong with it. Cumulative shares: increasing, ending at 100. */
export function parseWaves(text: string): { waves: number[] } | { error: string } {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0)
    return {
      error: `Waves are required: the cumulative percentages of the group, separated by commas and ending at 100 (${WAVES_EXAMPLE}).`,
    };
  const waves: number[] = [];
  for (const part of parts) {
    const value = /^\d+$/.test(part) ? Number(part) : NaN;
    if (!Number.isInteger(value) || value < 1 || value > 100)
      return {
        error: `Waves: "${part}" is not a whole percentage from 1 to 100 (${WAVES_EXAMPLE}).`,
      };
    const previous = waves.at(-1);
    if (previous !== undefined && value <= previous)
      return {
        error: `Waves must increase: each is the share of the group reached so far, and ${value} comes after ${previous}.`,
      };
    waves.push(value);
  }
  if (waves.length > 20) return { error: 'Waves: at most 20 waves.' };
  if (waves.at(-1) !== 100)
    return { error: `Waves must end at 100, so that the whole group is upgraded (${WAVES_EXAMPLE}).` };
  return { waves };
}

function wholeNumber(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export function isTimeZone(name: string): boolean {
  if (name.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name.trim() });
    return true;
  } catch {
    return false;
  }
}

/**
 * The campaign to create, or every problem by field. `groupSize` (the chosen group's preview) bounds
 * the canary; unknown while the preview loads, then the server checks it.
 */
export function validateCampaignForm(
  values: CampaignFormValues,
  groupSize?: number,
): { input: CampaignInput } | { errors: CampaignFormErrors } {
  const errors: CampaignFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Name is required.';
  else if (name.length > 100) errors.name = 'Name must be at most 100 characters.';
  if (values.groupId === '') errors.groupId = 'Device group is required: choose the routers to upgrade.';
  if (values.fileId === '')
    errors.fileId = 'Firmware file is required: choose a firmware file from the store.';
  const targetVersion = values.targetVersion.trim();
  if (targetVersion === '')
    errors.targetVersion = 'Target version is required: the software version upgraded routers report.';
  else if (targetVersion.length > 64) errors.targetVersion = 'Target version must be at most 64 characters.';

  const canarySize = wholeNumber(values.canarySize, 1, 100_000);
  if (canarySize === undefined) errors.canarySize = 'Canary size must be a whole number from 1 to 100000.';
  else if (groupSize !== undefined && canarySize > groupSize)
    errors.canarySize = `Canary size must not exceed the group's size (${groupSize} ${groupSize === 1 ? 'router' : 'routers'}).`;

  const waves = parseWaves(values.waves);
  if ('error' in waves) errors.waves = waves.error;

  const soakMinutes = wholeNumber(values.soakMinutes, 0, 10_080);
  if (soakMinutes === undefined)
    errors.soakMinutes = 'Soak time must be a whole number of minutes from 0 to 10080.';
  const maxConcurrent = wholeNumber(values.maxConcurrent, 1, 10_000);
  if (maxConcurrent === undefined)
    errors.maxConcurrent = 'Max concurrent downloads must be a whole number from 1 to 10000.';
  const thresholdText = values.failureThreshold.trim();
  const failureThreshold = /^\d+(\.\d+)?$/.test(thresholdText) ? Number(thresholdText) : NaN;
  if (!(failureThreshold >= 0 && failureThreshold <= 100))
    errors.failureThreshold = 'Failure threshold must be a percentage from 0 to 100.';
  const deadlineMinutes = wholeNumber(values.deadlineMinutes, 1, 1440);
  if (deadlineMinutes === undefined)
    errors.deadlineMinutes = 'Deadline must be a whole number of minutes from 1 to 1440.';

  if (values.windowEnabled) {
    if (!TIME.test(values.windowStart))
      errors.windowStart = 'Window start must be a time of day as HH:MM (e.g. 01:00).';
    if (!TIME.test(values.windowEnd))
      errors.windowEnd = 'Window end must be a time of day as HH:MM (e.g. 05:00).';
    else if (values.windowEnd === values.windowStart)
      errors.windowEnd = 'Window end must differ from its start (an end before the start spans midnight).';
    if (!isTimeZone(values.timeZone))
      errors.timeZone = 'Time zone must be an IANA name, e.g. Europe/Zagreb or UTC.';
  }

  if (Object.keys(errors).length > 0 || 'error' in waves) return { errors };
  return {
    input: {
      name,
      groupId: values.groupId,
      fileId: values.fileId,
      targetVersion,
      canarySize: canarySize!,
      waves: waves.waves,
      soakMinutes: soakMinutes!,
      maxConcurrent: maxConcurrent!,
      failureThreshold,
      deadlineMinutes: deadlineMinutes!,
      window: values.windowEnabled
        ? { start: values.windowStart, end: values.windowEnd, timeZone: values.timeZone.trim() }
        : null,
    },
  };
}
