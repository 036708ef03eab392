/**
 * Singular or plural by the language's own rule (Intl.PluralRules), not by "n === 1": French says
 * "0 jour" and "1,5 jour", English "0 days". Every count a person reads goes through here, in the
 * CLI's English and in each language a customer's mail speaks.
 */
const rules = new Map<string, Intl.PluralRules>();

function ruleOf(language: string): Intl.PluralRules {
  let rule = rules.get(language);
  if (!rule) rules.set(language, (rule = new Intl.PluralRules(language)));
  return rule;
}

/** `one` when the language says n takes the singular, else `other`. */
export function pick(n: number, language: string, one: string, other: string): string {
  return ruleOf(language).select(n) === 'one' ? one : other;
}

/** "1 shipment", "2 shipments" (English, the CLI's and the window's): the count and its noun. */
export function counted(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${pick(n, 'en', one, other)}`;
}
