/**
 * Usernames compared as people read them (RFC 8265, PRECIS UsernameCaseMapped profile): the width
 * and compatibility forms are folded by NFKC, letters are lower-cased with Unicode toLowerCase, and
 * the result is normalised again. "İlse", "ＩＬＳＥ" and "ilse" are compared by this key, never by
 * a database collation, so registration and sign-in always agree.
 */
export function usernameKey(username: string): string {
  return username.normalize('NFKC').toLowerCase().normalize('NFKC');
}

/** The username as stored and shown: compatibility forms folded (fullwidth letters), case kept. */
export function canonicalUsername(username: string): string {
  return username.trim().normalize('NFKC');
}

/**
 * Scripts a username's letters are checked against (Unicode Script_Extensions). A letter of a
 * script not listed counts as a script of its own, so it still cannot be mixed with Latin.
 */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map(
  (name) => [name, new RegExp(`\\p{Script_Extensions=${name}}`, 'u')] as const,
);
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;

/**
 * UTS #39 "highly restrictive" combinations that are one writing system although several scripts:
 * Japanese, Korean and Chinese with Bopomofo, each also with Latin.
 */
const WRITING_SYSTEMS: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Hangul'],
  ['Latin', 'Han', 'Bopomofo'],
];

/** The scripts of the letters of `text` (digits and punctuation belong to every script). */
function scriptSets(text: string): Set<string>[] {
  const sets: Set<string>[] = [];
  for (const char of text) {
    if (NEUTRAL.test(char)) continue;
    const scripts = new Set(SCRIPT_PATTERNS.filter(([, pattern]) => pattern.test(char)).map(([n]) => n));
    sets.push(scripts.size > 0 ? scripts : new Set([`U+${char.codePointAt(0)!.toString(16)}`]));
  }
  return sets;
}

/**
 * Whether a username mixes writing systems, as look-alike names do: "pаul" with a Cyrillic "а"
 * beside the Latin letters reads as "paul" but is another account (UTS #39 mixed-script detection,
 * highly restrictive level). A name wholly in one script is fine, whatever the script.
 */
export function isMixedScript(username: string): boolean {
  const sets = scriptSets(username.normalize('NFKC'));
  if (sets.length === 0) return false;
  // One script shared by every letter (Script_Extensions: a letter may belong to several).
  const [first, ...rest] = sets;
  if ([...first!].some((script) => rest.every((s) => s.has(script)))) return false;
  return !WRITING_SYSTEMS.some((system) => sets.every((s) => [...s].some((x) => system.includes(x))));
}
