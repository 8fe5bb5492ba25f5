// Mounts the Svelte 5 app of test/e2e/frameworks.test.ts into the page's #app, with the ids of its data-subscriptions.
import { mount } from 'svelte';
import Account from './Account.svelte';

const target = document.getElementById('app')!;
mount(Account, { target, props: { subscriptionIds: target.dataset.subscriptions!.split(' ') } });
