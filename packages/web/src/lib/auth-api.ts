// The four auth calls (spec §7 "Auth"). They take the token explicitly instead of reading the session
// store, so the store can use them without an import cycle; 401s on /api/auth/* never log out by
// themselves (spec §8), the store decides.
import type {
  LoginAnswer as LoginResponse,
  RefreshAnswer as RefreshResponse,
  VerifyAnswer as VerifyResponse,
} from '@provisor/server/contract';
import { createHttpClient, type HttpClient } from './http-client';

export type { LoginResponse, RefreshResponse, VerifyResponse };

const authHttp: HttpClient = createHttpClient({ getToken: () => null });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export function loginRequest(username: string, password: string): Promise<LoginResponse> {
  return authHttp.post<LoginResponse>('/api/auth/login', { username, password });
}

export function logoutRequest(token: string): Promise<void> {
  return authHttp.post<void>('/api/auth/logout', undefined, { headers: bearer(token) });
}

export function refreshRequest(token: string): Promise<RefreshResponse> {
  return authHttp.post<RefreshResponse>('/api/auth/refresh', undefined, { headers: bearer(token) });
}

export function verifyRequest(token: string): Promise<VerifyResponse> {
  return authHttp.get<VerifyResponse>('/api/auth/verify', { headers: bearer(token) });
}
