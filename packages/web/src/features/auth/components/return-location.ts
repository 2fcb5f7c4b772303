import type { Location } from 'react-router';

/** Where the user was when the guard sent them to /login (spec §2: "the location they came from is remembered"). */
export interface ReturnLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface LoginLocationState {
  from?: ReturnLocation;
}

export function toReturnLocation(location: Pick<Location, 'pathname' | 'search' | 'hash'>): ReturnLocation {
  return { pathname: location.pathname, search: location.search, hash: location.hash };
}

/** The path to go to after sign-in: the remembered location, or "/". */
export function returnPath(state: unknown): string {
  const from = (state as LoginLocationState | null)?.from;
  if (
    !from ||
    typeof from.pathname !== 'string' ||
    !from.pathname.startsWith('/') ||
    from.pathname === '/login'
  ) {
    return '/';
  }
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
