import type { Page } from '@playwright/test';
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
