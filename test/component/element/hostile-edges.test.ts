/**
 * The widget's edges against what a hostile or careless page or answer hands it: an image address that only looks like
 * loopback, a `lang` that is no language tag, and an answer too large to hold. A store's token endpoint that answers a
 * signed-out visitor the way session middleware does is in test/component/api/credentials.test.ts.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { MAX_RESPONSE_BYTES } from '../../../src/api/client.js';
import { en } from '../../../src/i18n/en.js';
import { captureConsole } from '../../helpers/console-capture.js';
import { mount } from '../../helpers/mount.js';
import { SANDBOX_SUBSCRIPTIONS, sandboxSession } from '../../helpers/sandbox-session.js';
import { product } from '../../fixtures/subscriptions.js';

const eligible = SANDBOX_SUBSCRIPTIONS.eligible;

describe('<prepaid-upgrade> shows product images only from addresses that are what they seem', () => {
  for (const imageUrl of [
    'http://localhost:@evil.example/p.png',
    'http://localhost@evil.example/p.png',
    'https://shop:secret@cdn.example/p.png',
    'http://127.0.0.1.evil.example/p.png',
    'http://cdn.example/p.png',
    '//cdn.example/p.png',
    'javascript:alert(1)//.png',
    'data:text/html,<script>alert(1)</script>',
  ]) {
    it(`renders no image for ${imageUrl}`, async () => {
      const session = await sandboxSession();
      await session.fault({ method: 'GET', path: '/products/', status: 200, body: JSON.stringify(product({ image_url: imageUrl })) });
      const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, token: session.token });
      await m.waitForState('ready');
      expect(m.$('.product-name')?.textContent).to.be.a('string');
      // The address, not the element: an element in a failure message is more than the reporter can print.
      expect(m.$('img')?.getAttribute('src'), 'an image was rendered').to.equal(undefined);
    });
  }

  it('renders an image from https:, from loopback over http: and inline', async () => {
    for (const imageUrl of ['https://cdn.example/p.png', 'http://localhost:8080/p.png', 'data:image/png;base64,iVBORw0KGgo=']) {
      const session = await sandboxSession();
      await session.fault({ method: 'GET', path: '/products/', status: 200, body: JSON.stringify(product({ image_url: imageUrl })) });
      const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, token: session.token });
      await m.waitForState('ready');
      expect(m.$<HTMLImageElement>('img')?.getAttribute('src')).to.equal(imageUrl);
    }
  });
});

describe('<prepaid-upgrade> with a lang that is no language tag', () => {
  const { warnings } = captureConsole();

  for (const lang of ['en-', 'en US', '-', '日本語']) {
    it(`shows the widget in English for lang="${lang}" and names it on the console`, async () => {
      const session = await sandboxSession();
      const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, token: session.token, lang });
      await m.waitForState('ready');
      expect(m.$('[part="submit"]')?.textContent).to.contain('Prepay');
      expect(warnings.join('\n')).to.contain(`lang ${JSON.stringify(lang)} is not a language tag`);
    });
  }

  it("passes over the element's malformed lang for its ancestor's", async () => {
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, token: session.token, lang: 'en-' });
    await m.waitForState('ready');
    m.el.parentElement!.setAttribute('lang', 'fr-CA');
    await waitUntil(() => m.shadow.firstElementChild?.getAttribute('lang') === 'fr', 'the widget did not switch to French');
    expect(m.shadow.firstElementChild?.getAttribute('dir')).to.equal('ltr');
  });

  it('reads an underscore as a hyphen: de_DE is German', async () => {
    const session = await sandboxSession();
    const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, token: session.token, lang: 'de_DE' });
    await m.waitForState('ready');
    await waitUntil(() => m.shadow.firstElementChild?.getAttribute('lang') === 'de', 'the widget did not switch to German');
  });
});

describe('<prepaid-upgrade> with an answer larger than it will hold', () => {
  const { errors } = captureConsole();
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  // The sandbox answers from memory, and its fault bodies are limited: an endless answer stands in for the service here.
  it('stops reading past the limit, cancels the answer and says it could not read it', async () => {
    const session = await sandboxSession();
    const chunk = new TextEncoder().encode(`{"padding":"${'x'.repeat(64 * 1024)}`);
    let pulled = 0;
    let cancelled = false;
    globalThis.fetch = async (input, init) => {
      if (!String(input instanceof Request ? input.url : input).includes(`/subscriptions/${eligible.id}/`)) return realFetch(input, init);
      // 40 MB, served as it is pulled: what the widget does not read is never made.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 40_000_000) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    };
    const m = await mount({ 'subscription-id': eligible.id, 'api-base': session.apiBase, token: session.token, timeout: '20000' });
    await m.waitForState('error');
    expect(m.$('[part="error"]')?.textContent).to.contain(en.failure('malformed', 'load'));
    expect(cancelled, 'the answer was not cancelled').to.be.true;
    // Each try stops within a chunk or two past the limit (a stream may queue one chunk ahead); the reads are retried.
    expect(pulled).to.be.below(8 * (MAX_RESPONSE_BYTES + 3 * chunk.byteLength));
    expect(errors.join('\n')).to.contain(`the answer is too large (over ${MAX_RESPONSE_BYTES} bytes)`);
  });
});
