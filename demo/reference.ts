// The reference page: the element's API as custom-elements.json lists it (see reference-view.ts), and a playground
// whose fields are the manifest's attributes and custom properties, on a real widget against the sandbox.
import { elementOf, renderPlayground, renderSections, sectionsOf } from './reference-view.js';
import { $, StoreSession, requestJson, storeWidget } from './session.js';

const ui = {
  reference: $<HTMLElement>('#reference'),
  playground: $<HTMLElement>('#playground'),
  widgetArea: $<HTMLElement>('#widget-area'),
  controls: $<HTMLFormElement>('#playground-controls'),
};

// The dev server serves the manifest from the project's root; `npm start` writes it first.
const element = elementOf(await requestJson('/custom-elements.json'), 'prepaid-upgrade');
renderSections(ui.reference, sectionsOf(element));
ui.controls.addEventListener('submit', (event) => event.preventDefault());

const session = new StoreSession({
  signedIn() {
    ui.playground.hidden = false;
    // A new widget, and fields that start from its attributes, for each customer signed in.
    const widget = storeWidget();
    ui.widgetArea.replaceChildren(widget);
    ui.controls.replaceChildren();
    renderPlayground(ui.controls, element, widget);
  },
  signedOut() {
    ui.playground.hidden = true;
    ui.widgetArea.replaceChildren();
  },
});
void session.start();
