// The settings routes' schemas (spec §3 Settings), made of the contract's shapes
// (contract/settings.ts).
import {
  backupList,
  errorResponses,
  savedSettings,
  settingsBody,
  settingsSchema,
  settingsTestBody,
  settingsTestResult,
} from '../../contract';

export const getSettingsSchema = { response: { 200: settingsSchema, ...errorResponses } };

export const putSettingsSchema = {
  body: settingsBody,
  response: { 200: savedSettings, ...errorResponses },
};

export const testSettingsSchema = {
  body: settingsTestBody,
  response: { 200: settingsTestResult, ...errorResponses },
};

export const listBackupsSchema = { response: { 200: backupList, ...errorResponses } };
