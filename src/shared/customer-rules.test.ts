import { describe, expect, it } from 'vitest';
import { cadenceLabel, cadenceText, checkCustomerRule, DEFAULT_TELL, parseCadence } from './customer-rules.js';
import { addressOf, addressProblem, isMailAddress, splitAddressList } from './mail-address.js';

describe('an e-mail address in a customer rule', () => {
  it('accepts the addresses offices use', () => {
    for (const address of ['jane@acme.com', 'j.doe+updates@sub.acme.co.uk', "o'brien@acme.ie", 'ops@xn--bcher-kva.de', 'ops@bücher.de', 'a_b-c@a-b.io', 'x@acme.museum']) {
      expect(addressProblem(address), address).toBeNull();
    }
  });

  it('refuses what is not an address, in one sentence naming it and saying why', () => {
    const cases: [string, string][] = [
      ['jane@acme', 'The address "jane@acme" is not an e-mail address: the part after the @ needs a dot, as in acme.com.'],
      ['jane.acme.com', 'The address "jane.acme.com" is not an e-mail address: it has no @.'],
      ['jane@@acme.com', 'The address "jane@@acme.com" is not an e-mail address: it has more than one @.'],
      ['@acme.com', 'The address "@acme.com" is not an e-mail address: nothing comes before the @.'],
      ['jane@', 'The address "jane@" is not an e-mail address: nothing comes after the @.'],
      ['jane doe@acme.com', 'The address "jane doe@acme.com" is not an e-mail address: it holds a space.'],
      ['jane..doe@acme.com', 'The address "jane..doe@acme.com" is not an e-mail address: it has two dots in a row.'],
      ['.jane@acme.com', 'The address ".jane@acme.com" is not an e-mail address: the part before the @ starts or ends with a dot.'],
      ['jane@acme..com', 'The address "jane@acme..com" is not an e-mail address: it has two dots in a row.'],
      ['jane@acme.com.', 'The address "jane@acme.com." is not an e-mail address: it ends with a dot.'],
      ['jane@-acme.com', 'The address "jane@-acme.com" is not an e-mail address: a part of the domain starts or ends with a hyphen.'],
      ['jane@acme_corp.com', 'The address "jane@acme_corp.com" is not an e-mail address: the domain holds "_", which a domain cannot hold.'],
      ['jane@acme.c0m', 'The address "jane@acme.c0m" is not an e-mail address: "c0m" is not a top-level domain such as .com or .de.'],
      ['jane@[10.0.0.1]', 'The address "jane@[10.0.0.1]" is not an e-mail address: it names a computer by its IP address instead of a domain such as acme.com.'],
      ['Jane <jane@acme>', 'The address "Jane <jane@acme>" is not an e-mail address: the address in angle brackets is not one: the part after the @ needs a dot, as in acme.com.'],
      ['"Doe, Jane <jane@acme.com>', 'The address ""Doe, Jane <jane@acme.com>" is not an e-mail address: the name\'s quotes do not close, as in "Doe, Jane" <jane@acme.com>.'],
      ['Jane "JD" Doe <jane@acme.com>', 'The address "Jane "JD" Doe <jane@acme.com>" is not an e-mail address: a name with a quote or an angle bracket in it goes in quotes, as in "Doe, Jane" <jane@acme.com>.'],
      ['jane@acme.com>', 'The address "jane@acme.com>" is not an e-mail address: an angle bracket goes around the address, after the name: Jane Doe <jane@acme.com>.'],
      ['jane(x)@acme.com', 'The address "jane(x)@acme.com" is not an e-mail address: the part before the @ holds "(", which an address cannot hold.'],
      ['jösé@acme.com', 'The address "jösé@acme.com" is not an e-mail address: the part before the @ holds a letter outside plain ASCII, which many mail servers refuse.'],
      ['jane@acme.com\r\nBcc: all@evil.example', 'The address "jane@acme.com  Bcc: all@evil.example" is not an e-mail address: it holds a line break or another control character.'],
      [`${'a'.repeat(65)}@acme.com`, `The address "${'a'.repeat(65)}@acme.com" is not an e-mail address: the part before the @ is longer than 64 characters.`],
    ];
    for (const [address, sentence] of cases) expect(addressProblem(address), address).toBe(sentence);
    expect(isMailAddress('')).toBe(false);
  });

  it('takes an address with the name an address book gives it, in any letters', () => {
    for (const text of ['Jane Doe <jane@acme.com>', '"Jürgen Weiß" <jw@customer.test>', '"Weiß, Jürgen" <jw@customer.test>', '<jane@acme.com>', '"Say \\"hi\\"" <x@acme.com>']) {
      expect(addressProblem(text), text).toBeNull();
    }
    expect(addressOf('"Weiß, Jürgen" <jw@customer.test>')).toBe('jw@customer.test');
    // A list pasted from an address book splits at commas, semicolons and line breaks, never inside a quoted name.
    expect(splitAddressList('"Weiß, Jürgen" <jw@customer.test>, ops@acme.com; Jane Doe <jane@acme.com>\nx@acme.com')).toEqual([
      '"Weiß, Jürgen" <jw@customer.test>',
      'ops@acme.com',
      'Jane Doe <jane@acme.com>',
      'x@acme.com',
    ]);
  });
});

describe('a customer rule', () => {
  it('takes a name and a To address; everything else has a default', () => {
    const checked = checkCustomerRule({ name: '  ACME GmbH ', to: [' einkauf@acme.example'] });
    expect(checked).toEqual({
      ok: true,
      rule: {
        name: 'ACME GmbH',
        who: { kind: 'column', column: 'customer', value: 'ACME GmbH' },
        to: ['einkauf@acme.example'],
        cc: [],
        language: 'en',
        tell: DEFAULT_TELL,
        cadence: { kind: 'now' },
        attachXlsx: false,
      },
    });
  });

  it('takes a watchlist, another column, Cc, a language, thresholds and a cadence', () => {
    const checked = checkCustomerRule({
      name: 'Nordic Furniture',
      who: { kind: 'column', column: 'Kunde', value: 'Nordic Furniture AB' },
      to: ['a@nordic.example', 'A@nordic.example'],
      cc: ['a@nordic.example', 'b@nordic.example'],
      language: 'de',
      tell: { etaMovedDays: 3, freeTimeDays: null },
      cadence: { kind: 'weekly', day: 'mon', time: '8:00' },
      attachXlsx: true,
    });
    expect(checked.ok && checked.rule).toMatchObject({
      who: { kind: 'column', column: 'Kunde', value: 'Nordic Furniture AB' },
      to: ['a@nordic.example'],
      cc: ['b@nordic.example'],
      tell: { ...DEFAULT_TELL, etaMovedDays: 3, freeTimeDays: null },
      cadence: { kind: 'weekly', day: 'mon', time: '08:00' },
    });
    expect(checkCustomerRule({ name: 'X', who: { kind: 'watchlist', watchlist: 'Rotterdam this week' }, to: ['x@x.example'] })).toMatchObject({ ok: true, rule: { who: { kind: 'watchlist', watchlist: 'Rotterdam this week' } } });
  });

  it('keeps a name with its address in one written form, and writes to each address once', () => {
    const checked = checkCustomerRule({ name: 'Weiß', to: ['Jürgen Weiß <jw@customer.test>', 'JW@customer.test'], cc: ['"Jürgen" <jw@customer.test>', 'ops@customer.test'] });
    expect(checked.ok && checked.rule).toMatchObject({ to: ['"Jürgen Weiß" <jw@customer.test>'], cc: ['ops@customer.test'] });
  });

  it('refuses an address that is not an address when the rule is saved, saying which and why', () => {
    expect(checkCustomerRule({ name: 'ACME', to: ['ok@acme.example', 'jane@acme'], cc: ['ops acme.example'] })).toEqual({
      ok: false,
      problems: [
        { field: 'to.1', message: 'To: "jane@acme" is not an e-mail address: the part after the @ needs a dot, as in acme.com.' },
        { field: 'cc.0', message: 'Cc: "ops acme.example" is not an e-mail address: it holds a space.' },
      ],
    });
  });

  it('says in a sentence what else is wrong', () => {
    const problems = (input: unknown) => {
      const checked = checkCustomerRule(input);
      return checked.ok ? [] : checked.problems.map((p) => p.message);
    };
    expect(problems({ name: '', to: [] })).toEqual(['A customer needs a name.', 'An update needs at least one To address.']);
    expect(problems({ name: 'A', to: ['a@a.example'], language: 'it' })).toEqual(['The language is en, de, fr or es.']);
    expect(problems({ name: 'A', to: ['a@a.example'], cadence: { kind: 'daily', time: '25:00' } })).toEqual(['The time "25:00" is not a time of day such as 08:00.']);
    expect(problems({ name: 'A', to: ['a@a.example'], tell: { etaMovedDays: 0 } })).toEqual(['An ETA move worth telling is at least 1 day.']);
    expect(problems({ name: 'A', to: ['a@a.example'], cadence: { kind: 'now', pauseMinutes: -1 } })).toEqual(['The pause after a change is at least 0 minutes (0: at once).']);
    expect(problems({ name: 'A\nB', to: ['a@a.example'] })).toEqual(['A customer cannot hold a line break or another control character.']);
    expect(problems({ name: 'A', to: ['a@a.example'], colour: 'red' })).toEqual(['The rule has a setting Quayside does not know: colour.']);
  });
});

describe('the cadence in the CLI\'s words', () => {
  it('reads now, daily HH:MM and weekly DAY HH:MM, and writes them back', () => {
    for (const [text, cadence] of [
      ['now', { kind: 'now' }],
      ['daily 8:00', { kind: 'daily', time: '08:00' }],
      ['Weekly Monday 07:30', { kind: 'weekly', day: 'mon', time: '07:30' }],
      ['weekly fri 16:00', { kind: 'weekly', day: 'fri', time: '16:00' }],
    ] as const) {
      expect(parseCadence(text)).toEqual({ ok: true, cadence });
    }
    expect(cadenceText({ kind: 'weekly', day: 'fri', time: '16:00' })).toBe('weekly fri 16:00');
    expect(cadenceLabel({ kind: 'weekly', day: 'fri', time: '16:00' })).toBe('Weekly on Friday at 16:00');
    expect(cadenceLabel({ kind: 'now' })).toBe('As it happens, 5 min after the first change');
    expect(cadenceLabel({ kind: 'now', pauseMinutes: 0 })).toBe('As it happens, at once');
    expect(parseCadence('hourly')).toEqual({ ok: false, message: 'The cadence "hourly" is not one of: now, daily HH:MM, weekly DAY HH:MM (such as weekly mon 08:00).' });
    expect(parseCadence('weekly someday 08:00').ok).toBe(false);
  });
});
