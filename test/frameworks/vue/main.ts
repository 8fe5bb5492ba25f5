// Mounts the Vue 3 app of test/e2e/frameworks.test.ts into the page's #app, with the ids of its data-subscriptions.
import { createApp } from 'vue';
import Account from './account.vue';

const root = document.getElementById('app')!;
createApp(Account, { subscriptionIds: root.dataset.subscriptions!.split(' ') }).mount(root);
