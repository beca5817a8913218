import { describe, expect, it } from 'vitest';
import { changeDescription, describeChanges, fieldChanges, showValue } from './field-changes.js';

describe('fieldChanges', () => {
  const before = { name: 'Ann', phone: '555', city: null, active: true, term: ['Weekly'], at: new Date(0) };

  it('keeps only the fields whose values changed, as before → after', () => {
    const changes = fieldChanges(before, { name: 'Anne', phone: '555', city: '', active: true });
    expect(changes).toEqual([{ field: 'name', before: 'Ann', after: 'Anne', secret: false }]);
    expect(describeChanges(changes)).toBe('name "Ann" → "Anne"');
  });

  it('skips fields the edit did not send and treats null and empty text alike', () => {
    expect(fieldChanges(before, { name: undefined, city: '' })).toEqual([]);
    expect(fieldChanges({ n: 1 }, { n: '1' })).toHaveLength(1);
    expect(fieldChanges(before, { at: new Date(0), term: ['Weekly'] })).toEqual([]);
    expect(fieldChanges({ o: { a: 1, b: 2 } }, { o: { b: 2, a: 1 } })).toEqual([]);
  });

  it('uses readable labels and shows booleans, empties and lists in words', () => {
    const changes = fieldChanges(
      before,
      { active: false, city: 'Reno', term: ['Weekly', 'Monthly'] },
      {
        labels: { active: 'active account', term: 'payment terms' },
      },
    );
    expect(describeChanges(changes)).toBe(
      'active account yes → no; city (empty) → "Reno"; payment terms Weekly → Weekly, Monthly',
    );
    expect(showValue('x'.repeat(200)).length).toBe(80);
  });

  it('never writes a secret: passwords, tokens and declared fields say set, changed or removed', () => {
    const changes = fieldChanges(
      { password: 'old-secret', smtpPassword: '', apiToken: 't1', pin: '1234' },
      { password: 'new-secret', smtpPassword: 'hunter2', apiToken: '', pin: '9999' },
      { secrets: ['pin'] },
    );
    const text = describeChanges(changes);
    expect(text).toBe('password changed; smtpPassword set; apiToken removed; pin changed');
    for (const secret of ['old-secret', 'new-secret', 'hunter2', 't1', '1234', '9999'])
      expect(text).not.toContain(secret);
  });

  it('says so when a save changed nothing', () => {
    expect(changeDescription('Updated Acme', [])).toBe('Updated Acme: no changes');
  });
});
