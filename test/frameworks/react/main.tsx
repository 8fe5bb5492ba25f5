// The store's page around the panel: the React 19 app of test/e2e/frameworks.test.ts, with the plain tag.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
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

createRoot(root).render(
  <StrictMode>
    <Account />
  </StrictMode>,
);
