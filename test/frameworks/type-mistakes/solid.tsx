/** @jsxImportSource solid-js */
// Purpose-made mistakes with <prepaid-upgrade> in Solid's JSX (prepaid-upgrade/types/solid): the line after each
// `@ts-expect-error <kind>:` must be an error, or vue-tsc reports the directive as unused; the kinds are counted by
// test/node/framework-types.test.ts (attribute-type, property-type, event, unknown-property, read-only).
import 'prepaid-upgrade';
import type { PrepaidUpgradeErrorEvent, PrepaidUpgradeSuccessEvent } from 'prepaid-upgrade';
import type {} from 'prepaid-upgrade/types/solid';

const onError = (event: PrepaidUpgradeErrorEvent) => console.log(event.detail.message);

export const mistakes = () => (
  <>
    {/* A wrong attribute type: an attribute's value is text. */}
    {/* @ts-expect-error attribute-type: subscription-id takes a string */}
    <prepaid-upgrade attr:subscription-id={42} />
    {/* @ts-expect-error attribute-type: orders-per-billing takes a number, or text that reads as one */}
    <prepaid-upgrade attr:orders-per-billing="six" />
    {/* @ts-expect-error attribute-type: manage-renewal is read as text: `false` turns it off */}
    <prepaid-upgrade attr:manage-renewal={false} />

    {/* A wrong property type. */}
    {/* @ts-expect-error property-type: tokenProvider is a function that returns the token */}
    <prepaid-upgrade prop:tokenProvider="secret" />
    {/* @ts-expect-error property-type: Solid sets subscription-id as the property subscriptionId, a string */}
    <prepaid-upgrade subscription-id={42} />

    {/* An unknown event: TypeScript never reports an unknown hyphenated or namespaced name, so a misspelt event
        name goes unnoticed; the handler's type is what proves the event is the one meant. */}
    {/* @ts-expect-error event: no event is named prepaid-upgrade-sucess: its handler gets a plain Event, without detail */}
    <prepaid-upgrade on:prepaid-upgrade-sucess={(event) => console.log(event.detail)} />
    {/* @ts-expect-error event: the success event has no `message` in its detail */}
    <prepaid-upgrade on:prepaid-upgrade-success={(event) => console.log(event.detail.message)} />
    {/* @ts-expect-error event: a handler of the error event, given to the success event */}
    <prepaid-upgrade on:prepaid-upgrade-success={onError} />
    {/* @ts-expect-error event: the token-expired event has an empty detail */}
    <prepaid-upgrade on:prepaid-upgrade-token-expired={(event: PrepaidUpgradeSuccessEvent) => event.detail.subscription} />

    {/* An unknown property. */}
    {/* @ts-expect-error unknown-property: the property is subscriptionId */}
    <prepaid-upgrade prop:subscriptionID="sub_1" />
    {/* @ts-expect-error unknown-property: Solid would set `tokenprovider`, in lower case */}
    <prepaid-upgrade tokenProvider={() => Promise.resolve('token')} />

    {/* A read-only property. */}
    {/* @ts-expect-error read-only: state is read-only */}
    <prepaid-upgrade prop:state="ready" />
    {/* @ts-expect-error read-only: subscription is read-only */}
    <prepaid-upgrade prop:subscription={undefined} />
  </>
);
