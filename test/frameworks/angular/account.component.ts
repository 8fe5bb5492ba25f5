// The store's page around the panel: the Angular 21 app of test/e2e/frameworks.test.ts.
import { Component, signal } from '@angular/core';
import { PrepaidPanelComponent } from './prepaid-panel.component';

const subscriptionIds = document.getElementById('app')!.dataset.subscriptions!.split(' ');

@Component({
  selector: 'app-account',
  imports: [PrepaidPanelComponent],
  template: `
    <main>
      <button type="button" id="next-subscription" (click)="next()">Next subscription</button>
      <button type="button" id="close-panel" (click)="open.set(false)">Close</button>
      @if (open()) {
        <app-prepaid-panel [subscriptionId]="subscriptionIds[index()]!" />
      }
    </main>
  `,
})
export class AccountComponent {
  readonly subscriptionIds = subscriptionIds;
  readonly index = signal(0);
  readonly open = signal(true);

  next() {
    this.index.update((index) => (index + 1) % subscriptionIds.length);
  }
}
