// Mounts the account page into the store's `#app`. Angular 21 is zoneless by default: no zone.js is loaded.
import { bootstrapApplication } from '@angular/platform-browser';
import { AccountComponent } from './account.component';

// Angular bootstraps onto an element matching the root component's selector; the page has only `#app`.
document.getElementById('app')!.append(document.createElement('app-account'));

bootstrapApplication(AccountComponent).catch((error: unknown) => console.error(error));
