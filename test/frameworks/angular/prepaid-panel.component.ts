import { Component, CUSTOM_ELEMENTS_SCHEMA, input, signal } from '@angular/core';
import 'prepaid-upgrade';
import type { PrepaidUpgradeChangeEvent, PrepaidUpgradeSuccessEvent } from 'prepaid-upgrade';

@Component({
  selector: 'app-prepaid-panel',
  // Lets <prepaid-upgrade> and its properties through Angular's template checks.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <prepaid-upgrade
      [attr.subscription-id]="subscriptionId()"
      [tokenProvider]="fetchToken"
      [strings]="strings"
      (prepaid-upgrade-change)="onChange($event)"
      (prepaid-upgrade-success)="onSuccess($event)"
    >
      <h3 slot="heading">Prepay and save</h3>
      <p slot="terms">Prepaid orders are billed today. <a href="/terms">Terms of prepaid billing</a></p>
    </prepaid-upgrade>
    <p id="panel-message" role="status">{{ message() }}</p>
  `,
})
export class PrepaidPanelComponent {
  readonly subscriptionId = input.required<string>();
  readonly message = signal('');
  readonly fetchToken = () => fetch('/account/storefront-token').then((response) => response.text());
  readonly strings = { submit: (orders: number) => `Prepay ${orders} orders` };

  // Angular types the events of unknown elements as Event.
  onChange(event: Event) {
    this.message.set(`You chose ${(event as PrepaidUpgradeChangeEvent).detail.ordersPerBilling} orders.`);
  }

  onSuccess(event: Event) {
    const { subscription } = (event as PrepaidUpgradeSuccessEvent).detail;
    this.message.set(`Prepaid: ${subscription.prepaid_subscription_context?.prepaid_orders_per_billing} orders.`);
  }
}
