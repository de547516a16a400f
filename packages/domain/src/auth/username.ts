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

/** Characters drawn over a letter (canonical combining class 1, Overlay; UnicodeData.txt 16.0). */
const OVERLAY_MARKS: readonly (readonly [number, number])[] = [
  [0x0334, 0x0338],
  [0x1cd4, 0x1cd4],
  [0x1ce2, 0x1ce8],
  [0x20d2, 0x20d3],
  [0x20d8, 0x20da],
  [0x20e5, 0x20e6],
  [0x20ea, 0x20eb],
  [0x10a39, 0x10a39],
  [0x16af0, 0x16af4],
  [0x1bc9e, 0x1bc9e],
  [0x1d167, 0x1d169],
];
const isOverlayMark = (char: string) => {
  const cp = char.codePointAt(0)!;
  return OVERLAY_MARKS.some(([lo, hi]) => cp >= lo && cp <= hi);
};
/** Fullwidth and halfwidth forms: RFC 8265 maps them to their usual width, so they stay allowed. */
const WIDTH_VARIANT = /[\uFF01-\uFFEE]/u;
const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Why a username would read as another one, or null when it would not (UTS #39 and RFC 8265's
 * IdentifierClass): an invisible (default-ignorable) character; a compatibility character that
 * stands for other characters ("⑴" for "(1)", "ﬁ" for "fi"; fullwidth and halfwidth letters are
 * folded to the usual width instead); a mark drawn over or around a letter; a mark on anything but
 * a letter ("nurse2" with a dot under the 2, an acute over a "1" or a "."), which no name needs and
 * which reads as the name without it; the same mark twice, or more than four marks, on one letter.
 */
export function lookAlikeProblem(username: string): string | null {
  let marksInARow = 0;
  let previousMark = '';
  /** The character the marks that follow sit on: the last one that is not a mark. */
  let base = '';
  for (const char of username) {
    if (/\p{Default_Ignorable_Code_Point}/u.test(char)) {
      return `Username contains an invisible character (${codePoint(char)}): use visible letters and digits only`;
    }
    if (!WIDTH_VARIANT.test(char) && char.normalize('NFKC') !== char.normalize('NFC')) {
      return `Username contains "${char}", a compatibility form of "${char.normalize('NFKC')}": type the plain characters`;
    }
    if (/\p{Me}/u.test(char) || isOverlayMark(char)) {
      return `Username contains a mark drawn over or around a letter (${codePoint(char)}): use plain letters`;
    }
    if (/\p{M}/u.test(char) && !/\p{L}/u.test(base)) {
      return base
        ? `Username has a mark (${codePoint(char)}) on "${base}", which is not a letter: marks belong on letters only`
        : `Username starts with a mark (${codePoint(char)}): marks belong on letters only`;
    }
    if (!/\p{M}/u.test(char)) base = char;
    if (/\p{Mn}/u.test(char)) {
      marksInARow++;
      if (char === previousMark || marksInARow > 4) {
        return 'Username stacks marks on one letter (the same mark twice, or more than four): write the letter once';
      }
      previousMark = char;
    } else {
      marksInARow = 0;
      previousMark = '';
    }
  }
  return null;
}
