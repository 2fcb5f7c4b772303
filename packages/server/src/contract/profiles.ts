// Profiles (spec §3 Profile, §7 Profiles): one customer's values for a template and what they render to.
import { Type, type Static } from 'typebox';
import { anyMap, exactObject, nullable, pagedList, stringList } from './common';
import { renderedParam } from './templates';

export const VALIDATION_STATUSES = ['valid', 'invalid', 'pending'] as const;
export const validationStatus = Type.Enum(VALIDATION_STATUSES, { type: 'string' });
export type ValidationStatus = Static<typeof validationStatus>;

export const profileSchema = exactObject({
  id: Type.String(),
  name: Type.String(),
  templateId: Type.String(),
  /** Field -> value (spec §3: keys include wifi_ssid, wifi_password, device_serial_number, ...). */
  values: anyMap,
  validationStatus,
  validationErrors: stringList,
  version: Type.Integer(),
  renderedParams: Type.Array(renderedParam),
  parameterCount: Type.Integer(),
  changelog: nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Profile = Static<typeof profileSchema>;

export const profileVersion = exactObject({
  id: Type.String(),
  profileId: Type.String(),
  version: Type.Integer(),
  name: Type.String(),
  values: anyMap,
  changelog: nullable(Type.String()),
  validationStatus,
  renderedParams: Type.Array(renderedParam),
  createdAt: Type.String(),
});
export type ProfileVersion = Static<typeof profileVersion>;

export const oneProfile = exactObject({ profile: profileSchema });
export type ProfileAnswer = Static<typeof oneProfile>;
export const profileList = pagedList('profiles', profileSchema);
export type ProfileList = Static<typeof profileList>;
export const templateProfiles = exactObject({ profiles: Type.Array(profileSchema), total: Type.Integer() });
export const profileVersionList = exactObject({
  versions: Type.Array(profileVersion),
  total: Type.Integer(),
});
export type ProfileVersionList = Static<typeof profileVersionList>;

export const listProfilesQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 200 })),
    templateId: Type.Optional(Type.String({ maxLength: 64 })),
    validationStatus: Type.Optional(validationStatus),
    // The customer screens load up to 1000 profiles at once (spec §9), up to 5000 by request.
    limit: Type.Integer({ minimum: 1, maximum: 5000, default: 1000 }),
    offset: Type.Integer({ minimum: 0, default: 0 }),
  },
  { additionalProperties: false },
);
export type ListProfilesQuery = Static<typeof listProfilesQuery>;

// name and templateId are checked by the server, for the messages of spec §5 Profile.
export const profileBody = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 1000 })),
    templateId: Type.Optional(Type.String({ maxLength: 64 })),
    values: Type.Optional(anyMap),
  },
  { additionalProperties: false },
);
export type ProfileInput = Static<typeof profileBody>;

/** A new version of a profile (spec §4 Profile edit: a non-empty changelog makes one). */
export const profileVersionBody = Type.Object(
  {
    values: anyMap,
    changelog: Type.String({ maxLength: 4000 }),
    name: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type ProfileVersionInput = Static<typeof profileVersionBody>;

export const bulkCreateProfilesBody = Type.Object(
  { profiles: Type.Array(profileBody, { maxItems: 1000 }) },
  { additionalProperties: false },
);

export const bulkCreateResult = exactObject({
  results: Type.Array(
    exactObject({
      index: Type.Integer(),
      name: Type.String(),
      success: Type.Boolean(),
      profileId: Type.Optional(Type.String()),
      validationStatus: Type.Optional(validationStatus),
      validationErrors: Type.Optional(stringList),
      error: Type.Optional(Type.String()),
    }),
  ),
  created: Type.Integer(),
  failed: Type.Integer(),
});
export type BulkCreateResult = Static<typeof bulkCreateResult>;

/**
 * spec §7 bulk-import-csv: the customer list as CSV text (@provisor/common readCustomerCsv). All
 * optional so that a missing one gets the spec's message ("Please provide CSV data", "Please select
 * a router template") rather than a schema error. generatePasswords defaults to on (spec §2).
 */
export const bulkImportCsvBody = Type.Object(
  {
    csvData: Type.Optional(Type.String()),
    templateId: Type.Optional(Type.String({ maxLength: 64 })),
    generatePasswords: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type BulkImportCsvInput = Static<typeof bulkImportCsvBody>;

/**
 * spec §3 "Import result per row", plus the CSV line the row starts on. Without `password`: no answer
 * of this server declares a password (secrets.test.ts); a created row's Wi-Fi password, written or
 * generated, is its profile's values.wifi_password (GET /api/profiles/{profileId}).
 */
export const csvImportRow = exactObject({
  line: Type.Integer(),
  success: Type.Boolean(),
  error: Type.Optional(Type.String()),
  surname: Type.String(),
  /** `GT_` + surname ('' when the surname gives none). */
  ssid: Type.String(),
  serialNumber: Type.String(),
  /**
   * A created row's Wi-Fi password (spec §3 "Import result per row"), as written or generated: the
   * operator hands it to the customer from the results CSV. A customer's Wi-Fi key, which the
   * profile's values show anyway; never an ACS credential. Absent for a row that failed.
   */
  password: Type.Optional(Type.String()),
  profileId: Type.Optional(Type.String()),
  profileName: Type.Optional(Type.String()),
});
export type CsvImportRow = Static<typeof csvImportRow>;

export const bulkImportCsvResult = exactObject({
  results: Type.Array(csvImportRow),
  successful: Type.Integer(),
  failed: Type.Integer(),
});
export type BulkImportCsvResult = Static<typeof bulkImportCsvResult>;
