// `prepaid-upgrade/react` on a server (server-side rendering, as in Next.js or Remix): importing it needs no DOM, and
// it renders the bare tag; the browser sets the properties and listeners when React hydrates.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PrepaidUpgrade } from 'prepaid-upgrade/react';

describe('prepaid-upgrade/react on a server', () => {
  it('renders <prepaid-upgrade> without a DOM, with no token or handler in the markup', () => {
    const html = renderToString(
      createElement(PrepaidUpgrade, { subscriptionId: 'sub_123', tokenProvider: async () => 'a token', onSuccess: () => undefined }),
    );
    // Every prop is one of the element's properties (set by the browser on hydration), none an attribute.
    assert.equal(html, '<prepaid-upgrade></prepaid-upgrade>');
    assert.doesNotMatch(html, /a token|onSuccess|function/);
  });
});
