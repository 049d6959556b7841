// The first page (issue: fast where employees feel it): on a cold cache the login page's
// scripts and stylesheet arrive brotli-compressed and marked immutable, HEAD on an asset is
// answered, and the page becomes usable. Its time to interactive and the bytes it moved
// are reported (t.diagnostic), not asserted: targets live in `make bench`.
import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { newUserContext, startSuite, tid } from './helpers.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(async () => {
  await suite?.stop();
});

test('the login page loads precompressed, immutable assets on a cold cache and becomes usable', { timeout: 60_000 }, async (t) => {
  const ctx = await newUserContext(suite);
  try {
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const assets = new Map(); // requestId → {url, encoding, cache}
    let encodedBytes = 0;
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      if (!new URL(response.url).pathname.startsWith('/assets/')) return;
      const h = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      assets.set(requestId, { url: response.url, encoding: h['content-encoding'], cache: h['cache-control'] });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (assets.has(requestId)) encodedBytes += encodedDataLength;
    });

    await page.goto('/login');
    await page.locator(tid('access-code')).waitFor();
    const interactive = await page.evaluate(async () => {
      const input = document.querySelector('[data-testid="access-code"]');
      input.focus();
      return { ms: Math.round(performance.now()), focused: document.activeElement === input && !input.disabled };
    });
    assert.ok(interactive.focused, 'the access code field takes the focus');

    const files = [...assets.values()];
    assert.ok(files.some((a) => a.url.endsWith('.js')) && files.some((a) => a.url.endsWith('.css')), 'scripts and a stylesheet loaded');
    for (const a of files) {
      if (!/\.(js|css)$/.test(a.url)) continue;
      assert.equal(a.encoding, 'br', `${a.url} is sent brotli-compressed`);
      assert.equal(a.cache, 'public, max-age=31536000, immutable', `${a.url} is immutable`);
    }
    const script = files.find((a) => a.url.endsWith('.js')).url;
    const head = await fetch(script, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    assert.equal(head.status, 200);
    assert.ok(Number(head.headers.get('content-length')) > 0, 'HEAD tells the length');
    t.diagnostic(`login page, cold cache: interactive after ${interactive.ms} ms; ${files.length} assets, ${Math.round(encodedBytes / 1024)} KB on the wire`);
  } finally {
    await ctx.close();
  }
});
