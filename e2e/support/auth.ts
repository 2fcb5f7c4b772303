import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_PASSWORD } from './server';

/** Fills the sign-in form (the page must be on /login). */
export async function fillSignIn(page: Page, password = ADMIN_PASSWORD): Promise<void> {
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in and lands on `path`. */
export async function signInAt(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await fillSignIn(page);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/** The admin's token, for a test's own calls to the API (setting up, or checking). */
export async function apiToken(request: APIRequestContext, base: string): Promise<string> {
  const login = await request.post(`${base}/api/auth/login`, {
    data: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (!login.ok()) throw new Error(`sign-in for the test's API calls failed: ${login.status()}`);
  return ((await login.json()) as { token: string }).token;
}

/** The admin's bearer header (apiToken's). */
export async function apiHeaders(request: APIRequestContext, base: string): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await apiToken(request, base)}` };
}
