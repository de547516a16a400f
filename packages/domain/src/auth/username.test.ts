import { describe, expect, it } from 'vitest';
import { canonicalUsername, isMixedScript, lookAlikeProblem, usernameKey } from './username.ts';

describe('usernameKey (RFC 8265 UsernameCaseMapped)', () => {
  it.each([
    ['Nurse.Ada', 'nurse.ada'],
    ['ＮＵＲＳＥ', 'nurse'], // fullwidth forms fold to ASCII
    ['İlse', 'i̇lse'], // U+0130 lower-cases to i + combining dot, the same on every path
    ['ÅSA', 'åsa'],
    ['Å'.normalize('NFD'), 'å'], // decomposed and composed forms are one name
    ['ﬁona', 'fiona'], // ligature
  ])('%s → %s', (input, key) => {
    expect(usernameKey(input)).toBe(key.normalize('NFC'));
  });

  it('gives one key for every way of writing the same name', () => {
    expect(usernameKey('İlse')).toBe(usernameKey('i̇lse'));
    expect(usernameKey('Zoë')).toBe(usernameKey('ZOË'.normalize('NFD')));
  });

  it('keeps different names apart', () => {
    expect(usernameKey('ilse')).not.toBe(usernameKey('İlse'));
  });
});

describe('canonicalUsername', () => {
  it('trims and folds compatibility forms but keeps the letter case', () => {
    expect(canonicalUsername('  Ｎurse.Ada ')).toBe('Nurse.Ada');
  });
});

describe('isMixedScript (UTS #39 highly restrictive)', () => {
  it.each([
    ['paul', false],
    ['nurse.ada-2', false],
    ['Павел', false], // all Cyrillic
    ['Σοφία', false], // all Greek
    ['山田太郎', false],
    ['やまだ山田', false], // Japanese: Hiragana with Han
    ['yamada山田', false], // Latin with Japanese is one writing system
    ['김민준', false],
    ['123', false],
  ])('%s is fine', (name, mixed) => {
    expect(isMixedScript(name)).toBe(mixed);
  });

  it.each([
    ['pаul'], // Cyrillic а among Latin letters
    ['аdmin'],
    ['pαul'], // Greek alpha
    ['Павеl'],
    ['김yamadaやまだ'], // Hangul with Japanese
  ])('%s mixes scripts', (name) => {
    expect(isMixedScript(name)).toBe(true);
  });
});

describe('lookAlikeProblem (UTS #39, RFC 8265 IdentifierClass)', () => {
  it.each([
    ['admin1\u034F', /invisible character \(U\+034F\)/], // combining grapheme joiner
    ['admin1\uFE0F', /invisible character \(U\+FE0F\)/], // variation selector
    ['admin1\u3164', /invisible character \(U\+3164\)/], // Hangul filler, a "letter"
    ['ad\u200Bmin', /invisible character \(U\+200B\)/],
    ['admin⑴', /"⑴", a compatibility form of "\(1\)"/],
    ['ﬁona', /"ﬁ", a compatibility form of "fi"/],
    ['admin1\u0336', /mark drawn over or around a letter \(U\+0336\)/], // long stroke overlay
    ['admin1\u20DD', /mark drawn over or around a letter \(U\+20DD\)/], // enclosing circle
    ['admine\u0301\u0301', /stacks marks/],
    // Marks on what is not a letter (issue 38): under or over a digit, on punctuation, or first.
    ['nurse2\u0323', /a mark \(U\+0323\) on "2", which is not a letter/], // dot below
    ['nurse2\u0324', /a mark \(U\+0324\) on "2"/], // diaeresis below
    ['nurse2\u0325', /a mark \(U\+0325\) on "2"/], // ring below
    ['nurse2\u0326', /a mark \(U\+0326\) on "2"/], // comma below
    ['nurse2\u0327', /a mark \(U\+0327\) on "2"/], // cedilla
    ['nurse2\u0328', /a mark \(U\+0328\) on "2"/], // ogonek
    ['nurse2\u0331', /a mark \(U\+0331\) on "2"/], // macron below
    ['nurse1\u0301', /a mark \(U\+0301\) on "1"/], // acute over a digit
    ['nurse\u0661\u0301', /a mark \(U\+0301\) on "١"/], // on an Arabic-Indic digit
    ['nurse.\u0323ada', /a mark \(U\+0323\) on "\."/],
    ['nurse_\u0301ada', /a mark \(U\+0301\) on "_"/],
    ['nurse@\u0323ward', /a mark \(U\+0323\) on "@"/],
    ['nurse-\u0301ada', /a mark \(U\+0301\) on "-"/],
    ['\u0301nurse', /starts with a mark \(U\+0301\)/],
    ['nurse2\u0301\u0323', /a mark \(U\+0301\) on "2"/], // the first of several
  ])('%s is refused', (name, message) => {
    expect(lookAlikeProblem(name)).toMatch(message);
  });

  it.each([
    ['nurse.ada'],
    ['Zoë'],
    ['Zoe\u0308'], // the same, decomposed: a mark on a letter
    ['ＮＵＲＳＥ'],
    ['Павел'],
    ['山田太郎'],
    ['हिन्दी'], // vowel signs and a virama on consonants
    ['i\u0307lse'],
  ])('%s is fine', (name) => {
    expect(lookAlikeProblem(name)).toBeNull();
  });
});
