import { useState } from 'react';
import { PrepaidUpgrade } from 'prepaid-upgrade/react';

const fetchToken = () => fetch('/account/storefront-token').then((response) => response.text());
const strings = { submit: (orders: number) => `Prepay ${orders} orders` };

export function PrepaidPanel({ subscriptionId }: { subscriptionId: string }) {
  const [message, setMessage] = useState('');
  return (
    <>
      <PrepaidUpgrade
        subscriptionId={subscriptionId}
        tokenProvider={fetchToken}
        strings={strings}
        onChange={(event) => setMessage(`You chose ${event.detail.ordersPerBilling} orders.`)}
        onSuccess={(event) =>
          setMessage(`Prepaid: ${event.detail.subscription.prepaid_subscription_context?.prepaid_orders_per_billing} orders.`)
        }
      >
        <h3 slot="heading">Prepay and save</h3>
        <p slot="terms">
          Prepaid orders are billed today. <a href="/terms">Terms of prepaid billing</a>
        </p>
      </PrepaidUpgrade>
      <p id="panel-message" role="status">
        {message}
      </p>
    </>
  );
}
