// @provisor/common: the rules the console and the server share. Pure: no I/O, no framework, nothing
// of ours imported; randomness only from Web Crypto (see README.md).
export { CWMP_PATH_PATTERN, isCwmpPath } from './cwmp-path';
export { OUI_PATTERN } from './oui';
export { readCsv, type CsvReadOptions, type CsvReadResult, type CsvRecord } from './csv';
export { csvCell, csvRow } from './csv-cells';
export {
  CSV_IMPORT_MAX_ROWS,
  CSV_MESSAGES,
  CUSTOMER_CSV_TEMPLATE,
  SERIAL_NUMBER_MAX_LENGTH,
  planCustomerImport,
  readCustomerCsv,
  type CustomerCsvResult,
  type CustomerCsvRow,
  type PlanOptions,
  type PlannedCustomer,
} from './customer-csv';
export {
  CUSTOMER_PROFILE_DEFAULTS,
  customerProfile,
  customerProfileName,
  type CustomerInput,
  type CustomerProfile,
  type CustomerProfileValues,
} from './customer-profile';
export {
  DEFAULT_PASSWORD_OPTIONS,
  LOOK_ALIKES,
  NO_CHARACTER_TYPE,
  PASSWORD_DEFAULT_LENGTH,
  PASSWORD_MAX_LENGTH,
  PLAIN_SYMBOLS,
  PasswordOptionsError,
  SYMBOLS,
  WPA_PASSPHRASE_MAX,
  WPA_PASSPHRASE_MIN,
  generatePassword,
  passwordAlphabets,
  passwordOptionsProblem,
  wifiPasswordProblem,
  type PasswordOptions,
  type RandomSource,
} from './password';
export {
  CUSTOMER_PROFILE_PREFIX,
  SSID_MAX_BYTES,
  SSID_PREFIX,
  SURNAME_MAX_LENGTH,
  customerSsid,
  normalizeSurname,
  ssidSurname,
  surnameFromProfileName,
  surnameProblem,
} from './ssid';
