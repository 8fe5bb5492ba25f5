/** @jsxImportSource solid-js */
// The store's page around the panel: the Solid app of test/e2e/frameworks.test.ts.
import { createSignal, Show } from 'solid-js';
import { render } from 'solid-js/web';
import { PrepaidPanel } from './prepaid-panel.js';

const root = document.getElementById('app')!;
const subscriptionIds = root.dataset.subscriptions!.split(' ');

function Account() {
  const [index, setIndex] = createSignal(0);
  const [open, setOpen] = createSignal(true);
  return (
    <main>
      <button type="button" id="next-subscription" onClick={() => setIndex((index() + 1) % subscriptionIds.length)}>
        Next subscription
      </button>
      <button type="button" id="close-panel" onClick={() => setOpen(false)}>
        Close
      </button>
      <Show when={open()}>
        <PrepaidPanel subscriptionId={subscriptionIds[index()]!} />
      </Show>
    </main>
  );
}

render(() => <Account />, root);
