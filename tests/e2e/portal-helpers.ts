// Helpers for the portal specs: demo accounts, translated text straight from locales/, signing in through the form.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContextOptions, expect, type Page } from '@playwright/test';
import { REPO_ROOT } from '../support/emulator';

export const DEMO_PASSWORD = 'kiwi-demo-1234';
export const ACCOUNTS = {
  admin: 'admin@kiwi.example',
  acmeManager: 'manager@acme.example',
  acmeMember: 'member@acme.example',
  acmePending: 'pending@acme.example',
  acmeExpired: 'expired@acme.example',
  globexManager: 'manager@globex.example',
  globexMember: 'member@globex.example',
} as const;

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

/**
 * A string as the portal shows it, e.g. text('ja', 'errors:identity.wrong-password'). No interpolation. A plural key
 * ("organization:members.count", stored as _one/_other) gives its _other form.
 */
export function text(language: Language, key: string): string {
  const [namespace, path] = key.split(':') as [string, string];
  const file = join(REPO_ROOT, 'locales', language, `${namespace}.json`);
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')) as Tree);
  const parts = path.split('.');
  const leaf = parts.pop()!;
  let parent: string | Tree | undefined = cache.get(file);
  for (const part of parts) parent = typeof parent === 'object' ? parent[part] : undefined;
  const node = typeof parent === 'object' ? (parent[leaf] ?? parent[`${leaf}_other`]) : undefined;
  if (typeof node !== 'string') throw new Error(`No ${language} text for ${key}`);
  return node;
}

export const ja = (key: string) => text('ja', key);

export type Language = 'ja' | 'en';

/** A suffix that makes this run's names its own (specs share one server). */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Fills the sign-in form on the current /login page (shown in `language`, Japanese unless the device chose otherwise) and submits it. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD, language: Language = 'ja') {
  await expect(page.getByRole('heading', { name: text(language, 'portal:login.title') })).toBeVisible();
  await page.getByLabel(text(language, 'portal:login.email')).fill(email);
  await page.getByLabel(text(language, 'portal:login.password')).fill(password);
  await page.getByRole('button', { name: text(language, 'portal:login.submit'), exact: true }).click();
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await submitLogin(page, email, password);
}

/** A new browser context signed in as `email` (the demo password); any dialog a page opens (a script run) fails the test. */
export async function openSignedIn(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/** The drawer's menu; its label is in the signed-in user's language (the globex demo accounts are stored in English). */
export function mainMenu(page: Page, language: Language = 'ja') {
  return page.getByRole('navigation', { name: text(language, 'portal:layout.mainMenu') });
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A people picker's "Add …" button of `name` from its label `template` ("{{name}}さんを追加"): the label also carries
 * the person's groups and masked email (issue 21, people with the same name).
 */
export const addButtonName = (template: string, name: string) =>
  new RegExp(
    `^${template
      .split('{{name}}')
      .map(escapeRegExp)
      .join(`${escapeRegExp(name)}.*`)}$`,
  );

/** Chooses `name` in a people <select>, whose options also carry groups and a masked email (issue 21). */
export async function selectPerson(select: import('@playwright/test').Locator, name: string) {
  const option = select.locator('option').filter({ hasText: new RegExp(`^${escapeRegExp(name)}( · |$)`) });
  await select.selectOption((await option.first().getAttribute('value'))!);
}
