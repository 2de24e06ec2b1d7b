// Debian's chromium driven by playwright-core for the application's end-to-end tests: a fresh
// profile per browser, headless, nothing talking to the outside.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.RZ_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBrowser(opts: { width?: number; height?: number; locale?: string; timezoneId?: string } = {}): Promise<Browser> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rz-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    locale: opts.locale ?? 'en-GB',
    // The same zone on every machine (the application shows clock times in the browser's zone).
    timezoneId: opts.timezoneId ?? 'UTC',
  });
  // Generous: on a busy machine a page load or a click can take a minute; a deadline only says when to give up.
  context.setDefaultTimeout(180_000);
  const page = context.pages()[0] ?? (await context.newPage());
  // Confirmation dialogs (revoke, deactivate, close as lost) are accepted as a user would.
  page.on('dialog', (d) => void d.accept());
  return {
    context, page,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  // Checking the password costs a 128 MiB scrypt hash: seconds, not milliseconds, on a busy machine.
  await page.getByRole('button', { name: 'Sign in' }).click({ timeout: 180_000 });
  await page.waitForURL((u) => !u.pathname.startsWith('/signin'), { timeout: 180_000 });
}

/** The visible text of <main>, for assertions on what a person reads. */
export async function mainText(page: Page): Promise<string> {
  return (await page.locator('main').innerText()).replace(/\s+/g, ' ');
}
