import { describe, expect, it } from 'vitest';
import { FIELDS, validateForm, type FormValues } from './settings-form';

// Every field valid but the one under test: only the CWMP path's rule speaks.
const values = (path: string) => {
  const form = Object.fromEntries(Object.keys(FIELDS).map((key) => [key, ''])) as FormValues;
  form['cwmp.path'] = path;
  return form;
};

describe('settings form: the CWMP path', () => {
  it.each(['/', '/cwmp', '/acs/tr-069', '/a.b~c_d'])('takes %j', (path) => {
    expect(validateForm(values(path))['cwmp.path']).toBeUndefined();
  });

  it.each(['cwmp', '/cwmp/', '//cwmp', '/a//b', '/./cwmp', '/cwmp/..', '/cwmp/.', '/c wmp', '/cwmp?x'])(
    'refuses %j, saying what a path may be',
    (path) => {
      expect(validateForm(values(path))['cwmp.path']).toBe(
        'CWMP Path must be / or parts like /cwmp of letters, digits and . _ ~ -, with no //, no . or .. part and no / at the end.',
      );
    },
  );
});
