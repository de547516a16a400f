import unhomoglyph from 'unhomoglyph';

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
/**
 * The combining marks any script may use (Script=Inherited: accents, dots and rings above and
 * below, U+0300–U+036F and the like). A script's own marks (Devanagari's vowel signs) stay: there
 * they tell words apart.
 */
const INHERITED_MARK = /(?=\p{Script=Inherited})\p{M}/gu;

/**
 * A username's confusable skeleton (Unicode TS #39, section 4), made case-insensitive because
 * sign-in is: the name (compatibility forms folded, RFC 8265), decomposed, without
 * default-ignorable characters, each character replaced by its prototype from Unicode's
 * confusables.txt (the `unhomoglyph` package's table), lower-cased and mapped again (so "I", "l"
 * and "1" meet whichever case they were typed in), decomposed again, and without the generic
 * combining marks: a dot under a letter or an accent over it is easily missed in a list of names,
 * so "nursẹ2" reads as "nurse2" and "josé" as "jose" (stricter than UTS #39, which keeps marks).
 * Two names that look the same have the same skeleton ("admin1", "adminl", "admіn1", "ádmin1").
 * Not for display: "m" becomes "rn".
 */
export function usernameSkeleton(username: string): string {
  const bare = username.normalize('NFKC').normalize('NFD').replace(DEFAULT_IGNORABLE, '');
  return unhomoglyph(unhomoglyph(bare).toLowerCase()).normalize('NFD').replace(INHERITED_MARK, '');
}
