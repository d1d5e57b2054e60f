import { i18n } from '@lingui/core';
import { messages } from '../locales/en.po';

// The console's modules speak through Lingui's global instance: unit tests run in English.
i18n.loadAndActivate({ locale: 'en', messages });
