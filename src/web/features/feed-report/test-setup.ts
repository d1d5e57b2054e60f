import { i18n } from '@lingui/core';
import { messages } from './locales/en.po';

// The report's words are a catalogue of their own (its route loads it); unit tests render its components
// without the route, so its English joins the console's (src/web/i18n/test-setup.ts) for every test.
i18n.load('en', messages);
