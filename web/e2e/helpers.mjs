// Shared helpers of the browser end-to-end tests (node:test + playwright-core).
//
// Each test file starts its own server (`portal serve`) on a free port with its own new
// database on the PostgreSQL server of TEST_DATABASE_URL, and its own headless Chromium
// (Debian's /usr/bin/chromium; no browser is ever downloaded). Run from the repository root:
//
//   PORTAL_BIN=$PWD/bin/portal WEB_DIR=$PWD/web/dist TEST_DATABASE_URL=... node --test web/e2e/
//
// PORTAL_BIN and WEB_DIR default to bin/portal and web/dist of this checkout. Without
// TEST_DATABASE_URL the server starts a private PostgreSQL cluster in a temporary directory
// (slower). E2E_KEEP_DB=1 keeps the databases for post-mortems; E2E_SERVER_LOG=1 prints the
// server's log when it stops.

import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');
const run = promisify(execFile);

export const SCREENSHOT_DIR = path.join(here, 'screenshots');

export const PORTAL_BIN = process.env.PORTAL_BIN || path.join(repoRoot, 'bin', 'portal');
export const WEB_DIR = process.env.WEB_DIR || path.join(repoRoot, 'web', 'dist');
export const CHROMIUM = process.env.CHROMIUM_BIN || '/usr/bin/chromium';

/** Password of every named demo user (seed.DemoPassword). */
export const DEMO_PASSWORD = 'Demo@2024!';

export const USERS = {
  ana: { accessCode: 'DEMOCORP', userName: 'ana.souza', password: DEMO_PASSWORD },
  pedro: { accessCode: 'DEMOCORP', userName: 'pedro.ferias', password: DEMO_PASSWORD },
  joao: { accessCode: 'DEMOCORP', userName: 'joao.inativo', password: DEMO_PASSWORD },
  carla: { accessCode: 'ACMECORP', userName: 'carla.acme', password: DEMO_PASSWORD },
};

/** Places of the seed (seed/seed.go). */
export const PLACES = {
  // DEMOCORP head office (Av. Paulista): Ana's fence and her first saved address.
  democorpOffice: { latitude: -23.5614, longitude: -46.6559 },
  // ACMECORP head office, Rio de Janeiro: Carla's fence, ~360 km from Ana's fences.
  acmeOffice: { latitude: -22.9068, longitude: -43.1729 },
};

/** Test id selector. */
export const tid = (id) => `[data-testid="${id}"]`;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Replaces the database name of a libpq URL (postgres://user@/db?host=...). WHATWG URL
 * cannot parse an empty host with a user name, so this works on the text.
 */
export function withDatabase(url, name) {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(\/[^?#]*)?(.*)$/i.exec(url);
  if (!m) throw new Error(`cannot parse database URL ${url}`);
  return `${m[1]}/${name}${m[3]}`;
}

async function psql(url, sql) {
  const { stdout } = await run('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', sql], { timeout: 30_000 });
  return stdout.trim();
}

/** Runs sql on the suite server's own database (TEST_DATABASE_URL runs only) and returns psql's unaligned output. */
export function suiteSql(suite, sql) {
  if (!suite.server.database) throw new Error('suiteSql needs TEST_DATABASE_URL');
  return psql(withDatabase(process.env.TEST_DATABASE_URL, suite.server.database), sql);
}

/**
 * Starts `portal serve` on a free port with a new database and waits until GET /health
 * answers 200. `env` adds variables to the server's environment (e.g. SMTP_ADDR).
 * Returns { baseURL, database, stop, log }.
 */
export async function startServer({ timeoutMs = 30_000, env: extraEnv = {} } = {}) {
  const port = await freePort();
  // The demo's year of history only where a test reads it (startSuite({ env: { SEED_HISTORY: 'on' } })).
  const env = { SEED_HISTORY: 'off', ...process.env, ...extraEnv, PORT: String(port), WEB_DIR };
  delete env.DATABASE_URL;
  const base = process.env.TEST_DATABASE_URL;
  let database = null;
  let tmpDir = null;
  if (base) {
    database = `e2e_${Date.now()}_${process.pid}`;
    // `portal serve` creates the database only for its private cluster, not for a given
    // DATABASE_URL: create it here.
    await psql(base, `CREATE DATABASE "${database}"`);
    env.DATABASE_URL = withDatabase(base, database);
  } else {
    tmpDir = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
    env.DATA_DIR = tmpDir;
    env.PG_PORT = String(await freePort());
  }

  const logLines = [];
  const child = spawn(PORTAL_BIN, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk) => {
    logLines.push(chunk.toString());
    if (logLines.length > 500) logLines.splice(0, logLines.length - 500);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = null;
  const exitedP = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    });
    child.on('error', (err) => {
      exited = { error: err };
      resolve(exited);
    });
  });
  // Never leave the server behind, even when the test process dies.
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);

  const baseURL = `http://127.0.0.1:${port}`;
  const log = () => logLines.join('');

  const stop = async () => {
    process.off('exit', killOnExit);
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exitedP;
      clearTimeout(timer);
    }
    if (process.env.E2E_SERVER_LOG) process.stderr.write(`--- portal serve log (${baseURL})\n${log()}\n`);
    if (database && !process.env.E2E_KEEP_DB) {
      await psql(base, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch((err) =>
        process.stderr.write(`e2e: could not drop ${database}: ${err.message}\n`),
      );
    }
    if (tmpDir) rmSync(tmpDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`portal serve exited before it was ready (${JSON.stringify(exited)}):\n${log()}`);
    }
    try {
      const res = await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`portal serve was not ready within ${timeoutMs} ms:\n${log()}`);
    }
    await sleep(50);
  }
  return { baseURL, database, stop, log };
}

/** Launches Debian's Chromium headless through playwright-core. */
export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Server and browser of one test file, started together. Use in before()/after(); `env` and
 * `timeoutMs` go to the server (startServer).
 */
export async function startSuite({ env, timeoutMs } = {}) {
  const [server, browser] = await Promise.allSettled([startServer({ env, timeoutMs }), launchBrowser()]);
  if (server.status === 'rejected' || browser.status === 'rejected') {
    if (server.status === 'fulfilled') await server.value.stop();
    if (browser.status === 'fulfilled') await browser.value.close();
    throw server.status === 'rejected' ? server.reason : browser.reason;
  }
  const suite = {
    server: server.value,
    browser: browser.value,
    baseURL: server.value.baseURL,
    async stop() {
      await Promise.allSettled([suite.browser.close(), suite.server.stop()]);
    },
  };
  return suite;
}

/**
 * A new browser context (one per user): Portuguese browser, São Paulo time zone, the given
 * position with the geolocation permission granted.
 */
export async function newUserContext(suite, { geolocation = PLACES.democorpOffice, locale = 'pt-BR' } = {}) {
  const context = await suite.browser.newContext({
    baseURL: suite.baseURL,
    viewport: { width: 1280, height: 800 },
    locale,
    timezoneId: 'America/Sao_Paulo',
    geolocation,
    permissions: ['geolocation'],
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  return context;
}

/** A user's context patient with a loaded machine: 30 s for each wait (the login waits for the home page). */
export async function patientContext(suite) {
  const ctx = await newUserContext(suite);
  ctx.setDefaultTimeout(30_000);
  ctx.setDefaultNavigationTimeout(30_000);
  return ctx;
}

/** Login step 1: /login, the access code, Continue. Waits for step 2 (or an error). */
export async function enterAccessCode(page, accessCode) {
  await page.goto('/login');
  await page.locator(tid('access-code')).fill(accessCode);
  await page.locator(tid('continue')).click();
}

/** Login step 2: user name, password, Login. */
export async function enterCredentials(page, userName, password) {
  await page.locator(tid('username')).fill(userName);
  await page.locator(tid('password')).fill(password);
  await page.locator(tid('login')).click();
}

/**
 * Signs in through the real two-step login screen and waits for the home page.
 * `atStep2(page)` runs when the credentials form shows (e.g. to take a screenshot).
 */
export async function login(page, user, { atStep2 } = {}) {
  await enterAccessCode(page, user.accessCode);
  await page.locator(tid('username')).waitFor();
  if (atStep2) await atStep2(page);
  await enterCredentials(page, user.userName, user.password);
  await page.waitForURL('**/apps/homePage');
  await page.locator(tid('home-greeting')).waitFor();
}

/** Opens the quick time clock and waits until the approximate place is shown. */
export async function openClock(page) {
  await page.locator(tid('clock-open')).click();
  await page.locator(tid('clock-address')).waitFor();
}

/** Number of items of the recent-marks list of the clock drawer. */
export const countMarks = (page, testId = 'clock-mark') => page.locator(tid(testId)).count();

/**
 * Text of the error of a Mantine input, found through its aria-describedby (the input
 * carries the test id). Empty string when the field shows no error.
 */
export function fieldError(page, testId) {
  return page.locator(tid(testId)).evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
    return ids
      .map((id) => document.getElementById(id))
      .filter((el) => el && /error/i.test(el.id + ' ' + el.className))
      .map((el) => el.textContent.trim())
      .join(' ');
  });
}

/** The signed-in session the web app keeps in localStorage (zustand persist). */
export function storedSession(page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('portal-session');
    return raw ? JSON.parse(raw).state : null;
  });
}

/** Signs in through the API (no browser): { user, access_token }. */
export async function apiLogin(baseURL, user) {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, redirectUrl: baseURL }),
  });
  if (res.status !== 200) throw new Error(`login ${user.userName}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Saves a full-page PNG under web/e2e/screenshots/ and returns its path. */
export async function screenshot(page, name) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Let drawers and toasts finish their entrance before the picture.
  await page.waitForTimeout(400);
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/**
 * Saves `name` at 1366 px and `name`-390 at a 390 px phone, then leaves the page at 1366 px.
 * `focus` (a locator), when given, is scrolled into view on the phone.
 */
export async function screenshotWidths(page, name, focus) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await focus?.scrollIntoViewIfNeeded();
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** Is this socket the live-push connection (Centrifugo, proxied by the portal)? */
const isPushSocket = (ws) => ws.url().includes('/connection/websocket');

/**
 * Resolves once page's live-push socket is connected and its channels subscribed (the
 * Centrifugo connect reply carries the server-side subscriptions). Call it before the
 * navigation that opens the socket, await it after.
 */
export function waitLive(page, timeout = 20_000) {
  return page
    .waitForEvent('websocket', { predicate: isPushSocket, timeout })
    .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).includes('"connect"'), timeout }));
}

/**
 * Records every portal publication that reaches page's live-push socket, with the time it
 * arrived: [{channel, id, topic, data, at}]. Call it before the socket opens.
 */
export function recordPublications(page) {
  const seen = [];
  page.on('websocket', (ws) => {
    if (!isPushSocket(ws)) return;
    ws.on('framereceived', (f) => {
      const at = Date.now();
      // Centrifugo's JSON protocol: newline-separated replies; a publication is {push:{channel, pub:{data}}}.
      for (const line of String(f.payload).split('\n')) {
        try {
          const m = JSON.parse(line);
          const pub = m.push?.pub?.data;
          if (pub?.topic) seen.push({ channel: m.push.channel, id: pub.id, topic: pub.topic, data: pub.data, at });
        } catch {
          // not a reply we read
        }
      }
    });
  });
  return seen;
}
