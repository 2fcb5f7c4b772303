// The group editor's filter fields (as typed) to the contract's GroupFilter: empty fields are left out.
import type { DeviceStatus, GroupFilter } from '@provisor/server/contract';

export interface GroupFilterValues {
  search: string;
  status: DeviceStatus | '';
  oui: string;
  productClass: string;
  softwareVersion: string;
  profileId: string;
}

export const emptyGroupFilter: GroupFilterValues = {
  search: '',
  status: '',
  oui: '',
  productClass: '',
  softwareVersion: '',
  profileId: '',
};

export function filterValues(filter: GroupFilter): GroupFilterValues {
  return {
    search: filter.search ?? '',
    status: filter.status ?? '',
    oui: filter.oui ?? '',
    productClass: filter.productClass ?? '',
    softwareVersion: filter.softwareVersion ?? '',
    profileId: filter.profileId ?? '',
  };
}

export type GroupFilterErrors = Partial<Record<keyof GroupFilterValues | 'name', string>>;

const LIMITS = { search: 128, oui: 6, productClass: 64, softwareVersion: 64 } as const;
const LABELS = {
  search: 'Search',
  oui: 'OUI',
  productClass: 'Product class',
  softwareVersion: 'Software version',
};

/** The filter to send, or what to fix in it. */
export function toGroupFilter(
  values: GroupFilterValues,
): { filter: GroupFilter } | { errors: GroupFilterErrors } {
  const errors: GroupFilterErrors = {};
  const filter: GroupFilter = {};
  for (const key of ['search', 'oui', 'productClass', 'softwareVersion'] as const) {
    const value = values[key].trim();
    if (value === '') continue;
    if (value.length > LIMITS[key]) errors[key] = `${LABELS[key]} must be at most ${LIMITS[key]} characters.`;
    else filter[key] = value;
  }
  if (values.status !== '') filter.status = values.status;
  if (values.profileId !== '') filter.profileId = values.profileId;
  return Object.keys(errors).length > 0 ? { errors } : { filter };
}

/** "search SN0, status online" for the groups list. */
export function describeFilter(filter: GroupFilter): string {
  const parts = [
    filter.search ? `search "${filter.search}"` : '',
    filter.status ? `status ${filter.status}` : '',
    filter.oui ? `OUI ${filter.oui}` : '',
    filter.productClass ? `product class ${filter.productClass}` : '',
    filter.softwareVersion ? `version ${filter.softwareVersion}` : '',
    filter.profileId ? 'assigned profile' : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'All devices';
}
