import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as de } from '../locales/de.po';
import { messages as en } from '../locales/en.po';
import { diagnoseJsonObject } from './json-diagnosis.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

describe('diagnoseJsonObject', () => {
  it('accepts objects and says nothing for empty text', () => {
    expect(diagnoseJsonObject('  ')).toEqual({ status: 'empty' });
    expect(diagnoseJsonObject('{"green_energy": true}')).toEqual({ status: 'valid' });
  });

  it('says where the text stops being valid JSON', () => {
    expect(diagnoseJsonObject('{\n  "a": 1,\n  "b": tru\n}')).toEqual({
      status: 'invalid',
      message: 'Not valid JSON at line 3, column 8: unexpected character.',
    });
    expect(diagnoseJsonObject('{"a": 1,}')).toEqual({
      status: 'invalid',
      message: 'Not valid JSON at line 1, column 9: a property name in double quotes is expected.',
    });
    expect(diagnoseJsonObject('{"a": 1 "b": 2}')).toEqual({
      status: 'invalid',
      message: 'Not valid JSON at line 1, column 9: a comma is expected.',
    });
    expect(diagnoseJsonObject('{"a": 1 // note\n}')).toMatchObject({ status: 'invalid' });
  });

  it('refuses valid JSON that is not an object', () => {
    for (const text of ['[1, 2]', '"text"', 'null', '42'])
      expect(diagnoseJsonObject(text)).toEqual({
        status: 'invalid',
        message: 'Valid JSON, but not an object: wrap the values in { }.',
      });
  });

  it('speaks German in the German console', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    expect(diagnoseJsonObject('{"a": 1')).toEqual({
      status: 'invalid',
      message: 'Kein gültiges JSON in Zeile 1, Spalte 8: eine schließende } wird erwartet.',
    });
    expect(diagnoseJsonObject('[]')).toEqual({
      status: 'invalid',
      message: 'Gültiges JSON, aber kein Objekt: Setzen Sie die Werte in { }.',
    });
  });
});
