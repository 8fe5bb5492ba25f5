/** @jsxImportSource solid-js */
import { createSignal } from 'solid-js';
import 'prepaid-upgrade';
import type {} from 'prepaid-upgrade/types/solid';

const fetchToken = () => fetch('/account/storefront-token').then((response) => response.text());
const strings = { submit: (orders: number) => `Prepay ${orders} orders` };

export function PrepaidPanel(props: { subscriptionId: string }) {
  const [message, setMessage] = createSignal('');
  return (
    <>
      <prepaid-upgrade
        attr:subscription-id={props.subscriptionId}
        prop:tokenProvider={fetchToken}
        prop:strings={strings}
        on:prepaid-upgrade-change={(event) => setMessage(`You chose ${event.detail.ordersPerBilling} orders.`)}
        on:prepaid-upgrade-success={(event) =>
          setMessage(`Prepaid: ${event.detail.subscription.prepaid_subscription_context?.prepaid_orders_per_billing} orders.`)
        }
      >
        <h3 slot="heading">Prepay and save</h3>
        <p slot="terms">
          Prepaid orders are billed today. <a href="/terms">Terms of prepaid billing</a>
        </p>
      </prepaid-upgrade>
      <p id="panel-message" role="status">
        {message()}
      </p>
    </>
  );
}
