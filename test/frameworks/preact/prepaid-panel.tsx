/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import 'prepaid-upgrade';
import type {} from 'prepaid-upgrade/types/preact';

const fetchToken = () => fetch('/account/storefront-token').then((response) => response.text());
const strings = { submit: (orders: number) => `Prepay ${orders} orders` };

export function PrepaidPanel({ subscriptionId }: { subscriptionId: string }) {
  const [message, setMessage] = useState('');
  return (
    <>
      <prepaid-upgrade
        subscription-id={subscriptionId}
        tokenProvider={fetchToken}
        strings={strings}
        onprepaid-upgrade-change={(event) => setMessage(`You chose ${event.detail.ordersPerBilling} orders.`)}
        onprepaid-upgrade-success={(event) =>
          setMessage(`Prepaid: ${event.detail.subscription.prepaid_subscription_context?.prepaid_orders_per_billing} orders.`)
        }
      >
        <h3 slot="heading">Prepay and save</h3>
        <p slot="terms">
          Prepaid orders are billed today. <a href="/terms">Terms of prepaid billing</a>
        </p>
      </prepaid-upgrade>
      <p id="panel-message" role="status">
        {message}
      </p>
    </>
  );
}
