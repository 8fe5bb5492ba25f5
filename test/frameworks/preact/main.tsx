/** @jsxImportSource preact */
// The store's page around the panel: the Preact app of test/e2e/frameworks.test.ts.
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { PrepaidPanel } from './prepaid-panel.js';

const root = document.getElementById('app')!;
const subscriptionIds = root.dataset.subscriptions!.split(' ');

function Account() {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(true);
  return (
    <main>
      <button type="button" id="next-subscription" onClick={() => setIndex((index + 1) % subscriptionIds.length)}>
        Next subscription
      </button>
      <button type="button" id="close-panel" onClick={() => setOpen(false)}>
        Close
      </button>
      {open && <PrepaidPanel subscriptionId={subscriptionIds[index]!} />}
    </main>
  );
}

render(<Account />, root);
